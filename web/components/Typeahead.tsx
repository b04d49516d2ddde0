import { router } from '@inertiajs/react';
import * as search from 'lucide-react/icons/search';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  useSearchSuggestions,
  type Suggestion,
  type SuggestionKind,
} from '../hooks/use-search-suggestions.ts';
import { cn } from '../lib/cn.ts';
import { staticIcon } from './static-icon.ts';

const searchIcon = staticIcon(search, 'size-4');

export interface TypeaheadProps {
  /** The input's accessible name. */
  label: string;
  placeholder: string;
  kinds: readonly SuggestionKind[];
  /**
   * With `action` the box is a GET form (`name=q`) that works without JavaScript; Enter with no
   * suggestion chosen submits it (as an Inertia visit once hydrated).
   */
  action?: string;
  /** What picking a suggestion does (default: visit its page). */
  onPick?: (suggestion: Suggestion) => void;
  defaultValue?: string;
  tone?: 'header' | 'panel';
  className?: string;
  /** `data-test` of the input; the list is `<testId>-list`, options `suggestion-<kind>-<id>`. */
  testId?: string;
}

/**
 * A search box with suggestions (WAI-ARIA combobox with a listbox popup): type 2+ characters
 * and drivers and/or series appear under it (useSearchSuggestions: debounced, abortable);
 * ArrowDown/ArrowUp move through them, Enter opens the active one, Escape closes the list, a
 * click picks one. Without a chosen suggestion Enter submits the form (`action`).
 */
export function Typeahead({
  label,
  placeholder,
  kinds,
  action,
  onPick,
  defaultValue = '',
  tone = 'panel',
  className,
  testId = 'typeahead',
}: TypeaheadProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const [text, setText] = useState(defaultValue);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const { suggestions, loading, settled } = useSearchSuggestions(text, kinds);
  const open = focused && !dismissed && suggestions.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  const pick = (s: Suggestion) => {
    setDismissed(true);
    setActive(-1);
    if (onPick) {
      onPick(s);
      setText('');
    } else {
      router.visit(s.href);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setDismissed(false);
      if (suggestions.length > 0) setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (suggestions.length > 0) {
        setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
      }
    } else if (event.key === 'Escape') {
      if (open) event.preventDefault();
      setDismissed(true);
      setActive(-1);
    } else if (event.key === 'Enter') {
      const chosen = open && active >= 0 ? suggestions[active] : undefined;
      if (chosen) {
        event.preventDefault();
        pick(chosen);
      } else if (!action) {
        event.preventDefault();
      }
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!action) return;
    const q = text.trim();
    setDismissed(true);
    router.get(action, q ? { q } : {});
  };

  const status = !focused
    ? ''
    : loading
      ? 'Searching…'
      : settled && suggestions.length === 0
        ? 'No matches'
        : open
          ? `${suggestions.length} suggestions, use the arrow keys to choose`
          : '';

  const input = (
    <input
      id={inputId}
      type="search"
      name="q"
      role="combobox"
      aria-expanded={open}
      aria-controls={listId}
      aria-autocomplete="list"
      aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        setDismissed(false);
        setActive(-1);
      }}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onKeyDown={onKeyDown}
      placeholder={placeholder}
      autoComplete="off"
      maxLength={100}
      className={cn(
        'h-9 w-full rounded-md pr-9 pl-3 text-sm',
        tone === 'header'
          ? 'border border-white/15 bg-white/10 text-on-header placeholder:text-on-header-muted focus-visible:bg-white/15'
          : 'border border-line-strong bg-surface text-ink placeholder:text-ink-muted',
      )}
      data-test={testId}
    />
  );

  const popup = (
    <>
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label}: suggestions`}
        hidden={!open}
        className="absolute top-full right-0 left-0 z-40 mt-1 max-h-96 overflow-auto rounded-md border border-line-strong bg-surface py-1 text-ink shadow-lg"
        data-test={`${testId}-list`}
      >
        {open &&
          suggestions.map((s, i) => (
            <li
              key={s.key}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Keep the focus in the input: the click picks, the blur would close first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(s)}
              onMouseEnter={() => setActive(i)}
              className={cn(
                'flex cursor-pointer items-baseline justify-between gap-3 px-3 py-1.5 text-sm',
                i === active && 'bg-accent-soft',
              )}
              data-test={`suggestion-${s.kind}-${s.id}`}
            >
              <span className="min-w-0 truncate font-medium">{s.label}</span>
              <span className="shrink-0 text-xs text-ink-muted">
                {s.kind === 'driver' ? 'Driver' : 'Series'}
                {s.detail ? ` · ${s.detail}` : ''}
              </span>
            </li>
          ))}
      </ul>
      <span className="sr-only" aria-live="polite">
        {status}
      </span>
    </>
  );

  const labelEl = (
    <label htmlFor={inputId} className="sr-only">
      {label}
    </label>
  );

  if (!action) {
    return (
      <div className={cn('relative', className)}>
        {labelEl}
        {input}
        {popup}
      </div>
    );
  }
  return (
    <form
      role="search"
      action={action}
      method="get"
      onSubmit={submit}
      className={cn('relative', className)}
    >
      {labelEl}
      {input}
      <button
        type="submit"
        className={cn(
          'absolute top-0 right-0 inline-flex h-9 w-9 items-center justify-center rounded-r-md',
          tone === 'header'
            ? 'text-on-header-muted hover:text-on-header'
            : 'text-ink-muted hover:text-ink',
        )}
        aria-label="Search"
        data-test={`${testId}-submit`}
      >
        {searchIcon}
      </button>
      {popup}
    </form>
  );
}
