import { Navigate, useLocation } from 'react-router-dom';

import { paths } from '@/config/paths';

// The pages' own paths; `/#about` and the like are sections of the landing page.
const pagePaths = new Set<string>(Object.values(paths).filter((path) => !path.includes('#')));

/**
 * A path no route matched. Another casing of a page's path (the first app's `/Generate`, a
 * bookmarked `/terms-of-Service`) goes to the page's own path in place of the old entry, with
 * its search and hash, so a shared link keeps what it carried; anything else goes home.
 */
export function UnknownPath() {
  const { pathname, search, hash } = useLocation();
  const lower = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  if (pagePaths.has(lower)) return <Navigate to={{ pathname: lower, search, hash }} replace />;
  return <Navigate to={paths.home} replace />;
}
