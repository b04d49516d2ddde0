import { Link } from '@inertiajs/react';
import { LegalPage } from '../../components/LegalPage.tsx';
import { route } from '../../generated/routes.ts';
import { useShellProps } from '../../hooks/use-shell-props.ts';
import { legalEffectiveDate } from './legal.ts';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the server's page→props map is generated from this interface; this page takes no props.
export interface Props {}

/** What personal data the site keeps, why, for how long, and how to have it removed. */
export default function Privacy(_props: Props) {
  const { appName } = useShellProps();
  return (
    <LegalPage
      title="Privacy policy"
      titleId="privacy-title"
      testId="privacy-policy"
      effectiveDate={legalEffectiveDate}
    >
      <p>
        {appName} shows racing data for sim-racing drivers. We keep as little personal data as the
        site needs to work, we never sell it, and you can delete your account, and with it
        everything that identifies you, at any time.
      </p>

      <h2>What we keep, and why</h2>
      <h3>If you only browse</h3>
      <ul>
        <li>
          <strong>A session cookie</strong> (<code>pitwall.sid</code>, up to 14 days) and a{' '}
          <strong>security cookie</strong> (<code>XSRF-TOKEN</code>) that protects forms against
          cross-site request forgery. Both are strictly necessary; neither tracks you across other
          sites.
        </li>
        <li>
          <strong>Your theme choice</strong> (light or dark), stored in your own browser (
          <code>pitwall.appearance</code>), never sent to us.
        </li>
        <li>
          <strong>Server logs</strong>: the address you requested, the time, your IP address and
          browser type, kept for at most 14 days to keep the site secure and to investigate errors.
        </li>
      </ul>
      <h3>If you have an account</h3>
      <ul>
        <li>
          Your <strong>email address</strong> and <strong>display name</strong>, to sign you in and
          to send you messages you asked for (such as a password reset).
        </li>
        <li>
          Your <strong>password</strong>, only as a salted hash: nobody, including us, can read it.
        </li>
        <li>
          If you sign in with <strong>Discord</strong>: your Discord user id and name, to recognise
          you next time. We do not read your messages or servers.
        </li>
        <li>
          What you create on the site: <strong>favorite drivers</strong>,{' '}
          <strong>recruitment profiles</strong> and anything else you choose to publish.
        </li>
      </ul>

      <h2>Racing data</h2>
      <p>
        Results, ratings and lap times come from the official iRacing Data API. They include the
        names and customer ids that drivers race under, as iRacing publishes them. {appName} is not
        affiliated with iRacing; if you want your racing data removed from iRacing&rsquo;s own
        publications, contact iRacing, and we follow their data on our next update.
      </p>

      <h2>What we do not do</h2>
      <ul>
        <li>No advertising, no third-party trackers, no analytics that profile you.</li>
        <li>No selling or renting of personal data to anyone.</li>
        <li>
          No personal data in our event log: the history the site is built from refers to you only
          by an internal id, so deleting your account leaves nothing that points back to you.
        </li>
      </ul>

      <h2>Legal bases</h2>
      <p>
        We process account data to provide the service you signed up for (performance of a
        contract), security logs in our legitimate interest in running a safe site, and anything
        optional only with your consent, which you can withdraw at any time.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>Account data: as long as your account exists.</li>
        <li>Sessions: until you sign out, or 14 days without a visit.</li>
        <li>Server logs: at most 14 days.</li>
        <li>
          Backups: overwritten within 30 days, after which deleted data is gone from them too.
        </li>
      </ul>

      <h2>Deleting your account</h2>
      <p>
        In <Link href={route('settings')}>Settings</Link> you can delete your account. We then
        remove your email address, name, password hash, linked sign-in accounts, favorites and
        recruitment profiles. The deletion takes effect immediately on the site.
      </p>

      <h2>Your rights</h2>
      <p>
        You may ask for a copy of your data, have it corrected or deleted, restrict or object to its
        processing, and complain to your data-protection authority. Most of this you can do yourself
        in Settings; for anything else, write to the operator of this site.
      </p>

      <h2>Changes</h2>
      <p>
        When this policy changes we update the date above and list the change in the{' '}
        <Link href={route('changelog')}>changelog</Link>. Significant changes are announced on the
        site before they take effect.
      </p>
    </LegalPage>
  );
}
