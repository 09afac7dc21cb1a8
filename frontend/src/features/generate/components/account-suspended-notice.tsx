import { SuspensionNotice } from '@/components/account/suspension-notice';
import { useMe } from '@/lib/me';

/**
 * Says at the top of a page, as soon as the profile is loaded, that the account may not
 * generate; nothing for an account in good standing or a guest.
 */
export function AccountSuspendedNotice() {
  const { me } = useMe();
  const suspension = me?.standing.suspension;
  if (!me || !suspension) return null;
  return (
    <SuspensionNotice email={me.email} suspension={suspension} label="Account suspended">
      <p>
        <strong>Your account is suspended.</strong> You cannot generate images or subscribe until our staff have reviewed it.
      </p>
    </SuspensionNotice>
  );
}
