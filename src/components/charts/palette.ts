/**
 * Chart colours. Every colour has at least 3:1 contrast against white (WCAG 1.4.11 for graphical
 * objects); all of these pass 4.5:1, so they also work as text colours; statuses keep the same colour on every screen.
 */
import type { ApplicationStatus } from '../../api/types';

export const COLORS = {
	blue: '#2271b1', // WP admin blue, 5.2:1
	indigo: '#3858e9', // 5.6:1
	purple: '#7b3fa8', // 6.7:1
	amber: '#996800', // 4.8:1
	green: '#007017', // 6.3:1
	red: '#b32d2e', // 6.3:1
	gray: '#646970', // 5.5:1
	teal: '#00727a', // 5.7:1
} as const;

export const STATUS_COLORS: Record< ApplicationStatus, string > = {
	new: COLORS.blue,
	screening: COLORS.indigo,
	interview: COLORS.purple,
	offer: COLORS.amber,
	hired: COLORS.green,
	rejected: COLORS.red,
	withdrawn: COLORS.gray,
};
