import { Link } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';

/**
 * Where the checkout's "Cancel" sends the browser (the gateway's cancel URL). Leaving the
 * checkout is the user's choice, not a failure, so it says so (issue 37) rather than the first
 * app's 'Something Went Wrong'.
 */
export default function CancelRoute() {
  return (
    <Page title="Checkout cancelled" lead="You left the checkout before paying: nothing was charged and your plan has not changed.">
      <p>
        <Link to={paths.subscribe} className="button button-primary">
          Back to Premium
        </Link>{' '}
        <Link to={paths.home} className="button">
          Go To Homepage
        </Link>
      </p>
    </Page>
  );
}
