import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';

export function ErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Page title="Something broke on this page" lead="Sorry about that. Going back to the homepage usually helps.">
      {/* A full page load, not a router link: it also recovers from a stale deploy's missing chunks. */}
      <a className="button button-primary" href={paths.home}>
        Back to the homepage
      </a>
    </Page>
  );
}
