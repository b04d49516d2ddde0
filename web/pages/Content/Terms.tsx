import { Link } from '@inertiajs/react';
import { LegalPage } from '../../components/LegalPage.tsx';
import { route } from '../../generated/routes.ts';
import { useShellProps } from '../../hooks/use-shell-props.ts';
import { legalEffectiveDate } from './legal.ts';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the server's page→props map is generated from this interface; this page takes no props.
export interface Props {}

/** The rules for using the site. */
export default function Terms(_props: Props) {
  const { appName } = useShellProps();
  return (
    <LegalPage
      title="Terms of service"
      titleId="terms-title"
      testId="terms-of-service"
      effectiveDate={legalEffectiveDate}
    >
      <p>
        These terms apply when you use {appName}. By browsing the site or creating an account you
        accept them. If you do not agree, please do not use the site.
      </p>

      <h2>1. The service</h2>
      <p>
        {appName} collects and presents racing data for sim-racing drivers: results, ratings, lap
        times, records, statistics, news and a recruitment board for drivers and teams. It is an
        independent site and is{' '}
        <strong>not affiliated with, endorsed by or operated by iRacing</strong>. iRacing and
        related names are trademarks of their owners.
      </p>
      <p>
        Racing data is imported from the official iRacing Data API and may be delayed, incomplete
        or, rarely, wrong. The official results of iRacing always prevail. Do not rely on {appName}{' '}
        for decisions where accuracy matters, such as protests or prize money.
      </p>

      <h2>2. Your account</h2>
      <ul>
        <li>An account is for one person. Keep your password to yourself.</li>
        <li>Give a display name that does not impersonate another driver, team or person.</li>
        <li>You are responsible for what happens under your account; tell us if it was misused.</li>
        <li>
          You can delete your account at any time in <Link href={route('settings')}>Settings</Link>.
        </li>
      </ul>

      <h2>3. Acceptable use</h2>
      <p>Please do not:</p>
      <ul>
        <li>post anything unlawful, hateful, harassing or sexually explicit, or spam;</li>
        <li>
          publish other people&rsquo;s personal data, or setups and content you have no right to
          share;
        </li>
        <li>
          scrape the site or the API faster than a person would browse, bypass rate limits, or try
          to break or overload the service;
        </li>
        <li>use recruitment profiles for anything but finding drivers and teams to race with.</li>
      </ul>
      <p>
        We may remove content that breaks these rules and suspend accounts that break them
        repeatedly or seriously.
      </p>

      <h2>4. Your content</h2>
      <p>
        You keep the rights to what you post (recruitment profiles, setups, descriptions). You allow{' '}
        {appName} to store and show it on the site for as long as you keep it published. Deleting
        it, or your account, ends that permission.
      </p>

      <h2>5. Availability and changes</h2>
      <p>
        We work to keep the site fast and available but cannot promise it will always be online or
        free of errors. Features may change or be retired; notable changes are listed in the{' '}
        <Link href={route('changelog')}>changelog</Link>.
      </p>

      <h2>6. Liability</h2>
      <p>
        The site is provided &ldquo;as is&rdquo;, free of charge. To the extent the law allows, we
        are not liable for indirect losses or for losses caused by inaccurate racing data. Nothing
        in these terms limits liability that cannot be limited by law.
      </p>

      <h2>7. Privacy</h2>
      <p>
        How we handle personal data is described in the{' '}
        <Link href={route('privacy')}>privacy policy</Link>.
      </p>

      <h2>8. Changes to these terms</h2>
      <p>
        We may update these terms. The date above shows the current version; significant changes are
        announced on the site before they take effect. Continuing to use the site after a change
        means you accept the new terms.
      </p>
    </LegalPage>
  );
}
