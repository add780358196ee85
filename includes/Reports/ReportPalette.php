<?php
/**
 * The one palette of the reports' charts: every colour a chart declaration names comes from here, and the
 * screens receive the colours with the declarations (ReportRegistry::presentation()). Each colour has at least
 * 4.5:1 contrast on white (more than WCAG 1.4.11 asks of graphics, so they also work as text); a status keeps its
 * colour on every chart.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * Chart colours.
 */
final class ReportPalette {

	public const BLUE   = '#2271b1'; // WP admin blue, 5.2:1.
	public const INDIGO = '#3858e9'; // 5.6:1.
	public const PURPLE = '#7b3fa8'; // 6.7:1.
	public const AMBER  = '#996800'; // 4.8:1.
	public const GREEN  = '#007017'; // 6.3:1.
	public const RED    = '#b32d2e'; // 6.3:1.
	public const GRAY   = '#646970'; // 5.5:1; also the earlier period of a comparison.
	public const TEAL   = '#00727a'; // 5.7:1.

	/** One colour per application status (Pipeline::STATUSES). */
	public const STATUSES = array(
		'new'       => self::BLUE,
		'screening' => self::INDIGO,
		'interview' => self::PURPLE,
		'offer'     => self::AMBER,
		'hired'     => self::GREEN,
		'rejected'  => self::RED,
		'withdrawn' => self::GRAY,
	);
}
