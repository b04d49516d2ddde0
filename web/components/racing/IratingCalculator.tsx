import { useMemo, useState } from 'react';
import { MAX_FIELD, changesByPosition } from '../../../src/domain/irating.ts';
import { BarChart, type Bar } from '../charts/BarChart.tsx';
import { Card } from '../Card.tsx';
import { Field } from '../Field.tsx';
import { formatSignedInteger } from '../../lib/racing-format.ts';

const MIN_RATING = 1;
const MAX_RATING = 15_000;

/** The typed text as an integer in [min, max], or an error message. */
function parseInteger(text: string, min: number, max: number): number | string {
  const value = Number(text);
  if (text.trim() === '' || !Number.isInteger(value)) return 'Enter a whole number.';
  if (value < min || value > max) return `Enter a number from ${min} to ${max}.`;
  return value;
}

/**
 * "What would a race of this SoF and size do to my iRating?": the expected change at each
 * finishing position, computed in the browser by the domain's iRating model
 * (changesByPosition), as bars with the table behind them.
 */
export function IratingCalculator({ irating }: { irating: number | null }) {
  const start = irating ?? 1350;
  const [ratingText, setRatingText] = useState(String(start));
  const [sofText, setSofText] = useState(String(start));
  const [sizeText, setSizeText] = useState('20');
  const rating = parseInteger(ratingText, MIN_RATING, MAX_RATING);
  const sof = parseInteger(sofText, MIN_RATING, MAX_RATING);
  const size = parseInteger(sizeText, 2, MAX_FIELD);

  const bars = useMemo((): Bar[] => {
    if (typeof rating !== 'number' || typeof sof !== 'number' || typeof size !== 'number') {
      return [];
    }
    return changesByPosition(rating, sof, size).map((delta, i) => ({
      label: `P${i + 1}`,
      value: Math.round(delta),
    }));
  }, [rating, sof, size]);
  const breakEven = bars.findIndex((b) => b.value < 0);

  return (
    <Card title="iRating calculator" className="mt-6" data-test="irating-calculator">
      <p className="text-sm text-ink-muted">
        The expected iRating change at each finishing position of a one-class race, by the iRating
        model iRacing’s results follow.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <Field
          label="Your iRating"
          name="calc-irating"
          inputMode="numeric"
          value={ratingText}
          onChange={(e) => setRatingText(e.target.value)}
          error={typeof rating === 'string' ? rating : null}
        />
        <Field
          label="Strength of field"
          name="calc-sof"
          inputMode="numeric"
          value={sofText}
          onChange={(e) => setSofText(e.target.value)}
          error={typeof sof === 'string' ? sof : null}
        />
        <Field
          label="Field size"
          name="calc-size"
          inputMode="numeric"
          value={sizeText}
          onChange={(e) => setSizeText(e.target.value)}
          error={typeof size === 'string' ? size : null}
        />
      </div>
      {bars.length > 0 && (
        <>
          <p className="mt-3 text-sm text-ink" role="status" data-test="calculator-summary">
            P1 {formatSignedInteger(bars[0]!.value)}, last {formatSignedInteger(bars.at(-1)!.value)}
            ;{' '}
            {breakEven < 0
              ? 'every position gains.'
              : breakEven === 0
                ? 'every position loses.'
                : `P${breakEven} or better gains.`}
          </p>
          <BarChart
            className="mt-3"
            name="irating-calculator"
            title="Expected change by finishing position"
            categoryName="Position"
            valueName="iRating change"
            bars={bars}
            format={formatSignedInteger}
            summary={`Expected iRating change by position: P1 ${formatSignedInteger(bars[0]!.value)}, P${bars.length} ${formatSignedInteger(bars.at(-1)!.value)}.`}
            zoom={bars.length > 40}
          />
        </>
      )}
    </Card>
  );
}
