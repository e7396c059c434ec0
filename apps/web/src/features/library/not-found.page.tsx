import { Link } from 'react-router-dom';
import { paths } from '../../paths';
import { EmptyState } from '../../shared/ui/empty-state';

export function NotFoundPage() {
  return (
    <EmptyState title="Page not found">
      <span>
        There is nothing at this address. <Link to={paths.bots}>Go to spaces</Link>
      </span>
    </EmptyState>
  );
}
