import { cn } from '../lib/cn.ts';

/** The Pitwall mark (a stylised pit board) and wordmark. Decorative: the link around it names it. */
export function AppLogo({ className, subtitle }: { className?: string; subtitle?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-7 shrink-0">
        <rect x="1" y="3" width="22" height="18" rx="3" fill="#5468FF" />
        <path
          d="M6 16V8h4.2a2.6 2.6 0 0 1 0 5.2H6"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinejoin="round"
        />
        <path d="M14 16h4M15.5 8h3" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <span className="text-lg leading-none">Pitwall</span>
      {subtitle && (
        <span className="rounded bg-white/10 px-1.5 py-0.5 text-xs font-medium tracking-wide uppercase">
          {subtitle}
        </span>
      )}
    </span>
  );
}
