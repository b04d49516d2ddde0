import { GripVertical } from 'lucide-react';
import { useMemo, useState, useSyncExternalStore, type DragEvent, type ReactNode } from 'react';
import { raceIratingChanges, type ResultForModel } from '../../../src/domain/irating.ts';
import { cn } from '../../lib/cn.ts';
import { formatIrating, formatSignedInteger, NONE } from '../../lib/racing-format.ts';
import { Button } from '../Button.tsx';
import { Card } from '../Card.tsx';

/** One line of a class's race result as the what-if needs it (a driver, or a team and its drivers). */
export interface WhatIfLine {
  key: string;
  name: string;
  /** 1-based finishing position in the class. */
  classPosition: number;
  teamId: number | null;
  drivers: WhatIfDriver[];
}

export interface WhatIfDriver {
  custId: number;
  name: string;
  laps: number;
  oldIrating: number | null;
  /** As iRacing recorded it. */
  recordedChange: number | null;
}

export interface WhatIfClass {
  id: number;
  name: string;
  lines: WhatIfLine[];
}

const noSubscription = () => () => {};
/**
 * False on the server and in the hydrating render, then true: the what-if's tables are drawn in
 * the browser only. They need JavaScript anyway (moving a row is the point), and on the server
 * they cost as much as the results table above them (a second table of every line, with a
 * select of every position and the model's changes): about half of the page's render and of its
 * HTML for a field of 40.
 */
const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** The model's change for every driver of a class with its lines in `order`. */
function changesFor(lines: readonly WhatIfLine[], teamEvent: boolean): Map<number, number> {
  const rows: ResultForModel[] = lines.flatMap((line, position) =>
    line.drivers.map((d) => ({
      custId: d.custId,
      teamId: line.teamId,
      carClassId: 0,
      finishPosition: position,
      lapsComplete: d.laps,
      oldIrating: d.oldIrating,
    })),
  );
  return raceIratingChanges(rows, teamEvent);
}

const selectClasses =
  'h-8 rounded-md border border-line-strong bg-surface px-2 text-sm text-ink shadow-xs focus-visible:border-accent';

function Signed({ value }: { value: number | null }) {
  if (value === null) return <>{NONE}</>;
  const rounded = Math.round(value);
  return (
    <span
      className={cn(
        'tabular-nums',
        rounded > 0 ? 'text-success' : rounded < 0 ? 'text-danger' : 'text-ink-muted',
      )}
    >
      {formatSignedInteger(rounded)}
    </span>
  );
}

/**
 * "What if I had finished P5?": a class's finishing order that can be rearranged (drag a row, or
 * pick its position from the row's select — the keyboard way), and every driver's iRating change
 * for that order, computed in the browser by the domain's iRating model (src/domain/irating.ts),
 * next to the change iRacing recorded.
 */
function ClassWhatIf({ cls, teamEvent }: { cls: WhatIfClass; teamEvent: boolean }) {
  const initial = useMemo(
    () => [...cls.lines].sort((a, b) => a.classPosition - b.classPosition),
    [cls.lines],
  );
  const [order, setOrder] = useState<WhatIfLine[]>(initial);
  const [dragged, setDragged] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const changes = useMemo(() => changesFor(order, teamEvent), [order, teamEvent]);
  const moved = order.some((l, i) => l.key !== initial[i]?.key);

  const move = (key: string, to: number) => {
    const from = order.findIndex((l) => l.key === key);
    const line = order[from];
    if (!line || to < 0 || to >= order.length || from === to) return;
    const next = [...order];
    next.splice(from, 1);
    next.splice(to, 0, line);
    setOrder(next);
    setAnnouncement(`${line.name} moved to P${to + 1}.`);
  };
  const onDrop = (event: DragEvent<HTMLTableRowElement>, to: number) => {
    event.preventDefault();
    const key = dragged ?? event.dataTransfer.getData('text/plain');
    if (key) move(key, to);
    setDragged(null);
  };

  return (
    <div className="overflow-x-auto" data-test={`whatif-class-${cls.id}`}>
      <table className="w-full text-sm">
        <caption className="sr-only">
          What-if finishing order{cls.name ? `, ${cls.name}` : ''}: move a row to see everyone’s
          iRating change
        </caption>
        <thead className="border-b border-line text-left text-xs text-ink-muted uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              What-if pos
            </th>
            <th scope="col" className="px-3 py-2">
              {teamEvent ? 'Team / drivers' : 'Driver'}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Finished
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              iRating
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Recorded
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              What-if
            </th>
          </tr>
        </thead>
        <tbody>
          {order.map((line, index) => (
            <tr
              key={line.key}
              draggable
              onDragStart={(event) => {
                setDragged(line.key);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', line.key);
              }}
              onDragOver={(event) => {
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
              }}
              onDrop={(event) => onDrop(event, index)}
              onDragEnd={() => setDragged(null)}
              className={cn(
                'border-b border-line last:border-b-0',
                dragged === line.key && 'opacity-50',
                line.classPosition !== index + 1 && 'bg-accent-soft',
              )}
              data-test={`whatif-row-${line.key}`}
            >
              <td className="px-3 py-1.5 whitespace-nowrap">
                <GripVertical
                  aria-hidden="true"
                  className="mr-1 inline size-4 cursor-grab text-ink-muted"
                />
                <select
                  aria-label={`What-if position of ${line.name}`}
                  className={selectClasses}
                  value={index}
                  onChange={(event) => move(line.key, Number(event.target.value))}
                  data-test={`whatif-position-${line.key}`}
                >
                  {order.map((_, i) => (
                    <option key={i} value={i}>
                      P{i + 1}
                    </option>
                  ))}
                </select>
              </td>
              <td className="px-3 py-1.5">
                {line.teamId !== null ? (
                  <>
                    <span className="font-semibold text-ink">{line.name}</span>
                    <ul>
                      {line.drivers.map((d) => (
                        <li key={d.custId} className="text-ink-muted">
                          {d.name}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : (
                  line.name
                )}
              </td>
              <td className="px-3 py-1.5 text-right tabular-nums">P{line.classPosition}</td>
              <PerDriverCells line={line} cell={(d) => formatIrating(d.oldIrating)} />
              <PerDriverCells line={line} cell={(d) => <Signed value={d.recordedChange} />} />
              <PerDriverCells
                line={line}
                cell={(d) => (
                  <span data-test={`whatif-change-${d.custId}`}>
                    <Signed value={changes.get(d.custId) ?? null} />
                  </span>
                )}
              />
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex items-center justify-between gap-3 border-t border-line px-3 py-2">
        <p role="status" className="text-xs text-ink-muted" data-test="whatif-status">
          {announcement}
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={!moved}
          onClick={() => {
            setOrder(initial);
            setAnnouncement('Finishing order reset.');
          }}
          data-test={`whatif-reset-${cls.id}`}
        >
          Reset order
        </Button>
      </div>
    </div>
  );
}

function PerDriverCells({
  line,
  cell,
}: {
  line: WhatIfLine;
  cell: (d: WhatIfDriver) => ReactNode;
}) {
  return (
    <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">
      {line.teamId !== null ? (
        <>
          <span aria-hidden="true">&nbsp;</span>
          <ul>
            {line.drivers.map((d) => (
              <li key={d.custId}>{cell(d)}</li>
            ))}
          </ul>
        </>
      ) : (
        line.drivers[0] && cell(line.drivers[0])
      )}
    </td>
  );
}

/** Rem a what-if table takes before it is drawn: header, a row per line, the reset bar. */
const reservedRem = (cls: WhatIfClass): number => 5.25 + 2.75 * cls.lines.length;

/**
 * The what-if card: one rearrangeable table per car class (each class is its own race), drawn
 * once the page has hydrated; the server sends the card with its explanation and the tables'
 * room reserved (no layout shift when they appear), and a note for readers without JavaScript.
 */
export function IratingWhatIf({
  classes,
  teamEvent,
}: {
  classes: readonly WhatIfClass[];
  teamEvent: boolean;
}) {
  const hydrated = useHydrated();
  return (
    <Card
      className="mt-6"
      flush
      title="iRating what-if"
      data-test="irating-whatif"
      aria-describedby="whatif-help"
    >
      <p id="whatif-help" className="px-4 pt-3 text-sm text-ink-muted">
        Drag a row, or pick its position, to see what everyone’s iRating change would have been with
        that finishing order. Computed here with the iRating model (per car class; drivers without a
        lap share their positions); “Recorded” is what iRacing applied.
      </p>
      {classes.map((c) => (
        <div key={c.id} className="mt-3">
          {classes.length > 1 && (
            <h3 className="px-4 pb-1 text-sm font-semibold text-ink">{c.name}</h3>
          )}
          {hydrated ? (
            <ClassWhatIf cls={c} teamEvent={teamEvent} />
          ) : (
            <div style={{ minHeight: `${reservedRem(c)}rem` }} data-test="whatif-pending">
              <noscript>
                <p className="px-4 text-sm text-ink-muted">
                  The what-if needs JavaScript; the results above show the recorded changes.
                </p>
              </noscript>
            </div>
          )}
        </div>
      ))}
    </Card>
  );
}
