/** The first focusable element of every layout: jumps past the navigation to `#main`. */
export function SkipLink({ target = 'main' }: { target?: string }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only z-50 rounded-md bg-accent px-4 py-2 font-medium text-on-accent focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      data-test="skip-link"
    >
      Skip to content
    </a>
  );
}
