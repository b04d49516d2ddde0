import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { useState } from 'react';
import { useShellProps } from '../hooks/use-shell-props.ts';
import { cn } from '../lib/cn.ts';
import type { FlashKind, FlashMessages as FlashData } from '../lib/shared-props.ts';

const order: readonly FlashKind[] = ['error', 'warning', 'success', 'info'];

const styles: Record<FlashKind, { box: string; Icon: typeof Info }> = {
  success: { box: 'border-success/40 bg-success-soft text-success', Icon: CircleCheck },
  error: { box: 'border-danger/40 bg-danger-soft text-danger', Icon: CircleAlert },
  warning: { box: 'border-warning/40 bg-warning-soft text-warning', Icon: TriangleAlert },
  info: { box: 'border-info/40 bg-info-soft text-info', Icon: Info },
};

/**
 * The flash messages of the current page (shared prop `flash`), each dismissible.
 * Errors are `role="alert"` (announced at once), the rest `role="status"`.
 * A dismissed message stays hidden only while the same text is flashed; a new flash shows.
 * `data-test="flash-<kind>"`, dismiss button `flash-dismiss`.
 */
export function FlashMessages({ className }: { className?: string }) {
  const { flash } = useShellProps();
  return <FlashList flash={flash} className={className} />;
}

export function FlashList({
  flash,
  className,
}: {
  flash: FlashData;
  className?: string | undefined;
}) {
  const [dismissed, setDismissed] = useState<Partial<Record<FlashKind, string>>>({});
  const visible = order.filter((kind) => {
    const message = flash[kind];
    return typeof message === 'string' && message !== '' && dismissed[kind] !== message;
  });
  if (visible.length === 0) return null;
  return (
    <div className={cn('grid gap-2', className)}>
      {visible.map((kind) => {
        const { box, Icon } = styles[kind];
        const message = flash[kind] ?? '';
        return (
          <div
            key={kind}
            role={kind === 'error' ? 'alert' : 'status'}
            className={cn(
              'flex items-start gap-3 rounded-md border px-3 py-2 text-sm font-medium',
              box,
            )}
            data-test={`flash-${kind}`}
          >
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p className="flex-1">{message}</p>
            <button
              type="button"
              onClick={() => setDismissed((d) => ({ ...d, [kind]: message }))}
              className="-m-1 rounded p-1 opacity-80 hover:opacity-100"
              aria-label="Dismiss message"
              data-test="flash-dismiss"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
