import { route } from '../generated/routes.ts';
import { buttonClasses } from './Button.tsx';

/**
 * The "or use Discord" block under the sign-in and sign-up forms. A plain link (a full page
 * load), because the server answers with a redirect to Discord. `data-test="discord-sign-in"`.
 */
export function DiscordSignIn({ label }: { label: string }) {
  return (
    <div className="mt-6 border-t border-line pt-6">
      <a
        href={route('auth.discord.redirect')}
        className={buttonClasses('secondary', 'md', 'w-full')}
        data-test="discord-sign-in"
      >
        {label}
      </a>
    </div>
  );
}
