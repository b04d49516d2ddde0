import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  Menu,
  Monitor,
  Moon,
  Search,
  Sun,
  X,
  type LucideIcon,
} from 'lucide-react';
import * as arrowDown from 'lucide-react/icons/arrow-down';
import * as arrowUp from 'lucide-react/icons/arrow-up';
import * as arrowUpDown from 'lucide-react/icons/arrow-up-down';
import * as menu from 'lucide-react/icons/menu';
import * as monitor from 'lucide-react/icons/monitor';
import * as moon from 'lucide-react/icons/moon';
import * as search from 'lucide-react/icons/search';
import * as sun from 'lucide-react/icons/sun';
import * as x from 'lucide-react/icons/x';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { staticIcon } from './static-icon.ts';

const icons: [string, object, LucideIcon][] = [
  ['arrow-down', arrowDown, ArrowDown],
  ['arrow-up', arrowUp, ArrowUp],
  ['arrow-up-down', arrowUpDown, ArrowUpDown],
  ['menu', menu, Menu],
  ['monitor', monitor, Monitor],
  ['moon', moon, Moon],
  ['search', search, Search],
  ['sun', sun, Sun],
  ['x', x, X],
];

describe('staticIcon', () => {
  it.each(icons)('renders %s as its lucide-react component does', (_, module, Icon) => {
    for (const className of ['size-4', 'size-3.5 shrink-0 opacity-50', 'lucide size-5  size-5']) {
      expect(renderToString(staticIcon(module, className))).toBe(
        renderToString(<Icon aria-hidden="true" className={className} />),
      );
    }
  });

  it('refuses what is not an icon module', () => {
    expect(() => staticIcon({}, 'size-4')).toThrow(/not a lucide-react icon module/);
  });
});
