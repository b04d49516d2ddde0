import type { LucideIconData } from 'lucide-react';
import { createElement, type ReactElement } from 'react';

/** An icon module of lucide-react (`import * as menu from 'lucide-react/icons/menu'`). */
type IconModule = object;

/** The icon's data, as the module hands it to lucide's `createLucideIcon`. */
function iconDataOf(module: IconModule): LucideIconData {
  const data = (module as { __iconData?: LucideIconData }).__iconData;
  if (!data?.name || !Array.isArray(data.node)) {
    throw new Error('static-icon: not a lucide-react icon module (no __iconData)');
  }
  return data;
}

/** Space-separated class tokens, each once, in order (lucide's `mergeClasses`). */
function mergedClasses(...classes: string[]): string {
  const tokens = new Set<string>();
  for (const cls of classes) for (const token of cls.split(/\s+/)) if (token) tokens.add(token);
  return [...tokens].join(' ');
}

/**
 * A decorative lucide icon as a constant element, built once: the same `<svg>` that the icon's
 * lucide-react component renders for `<Icon aria-hidden="true" className={className} />` (its
 * default size, stroke and `lucide lucide-<name>` classes, attribute for attribute and in the
 * same order; web/components/static-icon.unit.test.tsx compares the two). The component builds
 * its attributes, merges its classes and maps its paths on every render; the icons of the
 * layout and of every sortable table header are on every page a server renders, so theirs are
 * built here once (docs/benchmarks.md, "The render path"). For an icon whose props vary
 * (colour, size, stroke), use the component.
 */
export function staticIcon(module: IconModule, className: string): ReactElement {
  const icon = iconDataOf(module);
  const width = icon.size ?? icon.width ?? 24;
  const height = icon.size ?? icon.height ?? 24;
  const classes = mergedClasses(
    'lucide',
    `lucide-${icon.name}`,
    ...(icon.aliases ?? []).filter((a) => a.trim() !== '').map((a) => `lucide-${a}`),
    className,
  );
  return createElement(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width: 24,
      height: 24,
      viewBox: `0 0 ${width} ${height}`,
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: 2,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      className: classes,
      'aria-hidden': 'true',
    },
    ...icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
  );
}
