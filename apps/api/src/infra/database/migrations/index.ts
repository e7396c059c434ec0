import { Init1795256455025 } from './1795256455025-Init';
import { Registry1795258336541 } from './1795258336541-Registry';
import { ReleaseVersionIndex1795260088490 } from './1795260088490-ReleaseVersionIndex';
import { Agents1795260856215 } from './1795260856215-Agents';
import { Catalogue1795261888108 } from './1795261888108-Catalogue';
import { CardsViews1795262555885 } from './1795262555885-CardsViews';
import { Deployer1795263796537 } from './1795263796537-Deployer';

/** Every migration, in order. A generated migration is added here after review. */
export const MIGRATIONS = [Init1795256455025, Registry1795258336541, ReleaseVersionIndex1795260088490, Agents1795260856215, Catalogue1795261888108, CardsViews1795262555885, Deployer1795263796537];
