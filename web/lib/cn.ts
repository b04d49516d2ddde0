import { clsx, type ClassValue } from 'clsx';

/** Joins class names, dropping falsy values: `cn('a', cond && 'b', { c: flag })`. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
