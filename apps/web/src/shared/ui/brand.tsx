export function Brand() {
  return (
    <span className="brand">
      <span className="brand-mark" aria-hidden="true">
        L
      </span>
      Library
    </span>
  );
}
