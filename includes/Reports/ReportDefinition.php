<?php
/**
 * One report, declared once: its name (REST route /reports/<name>, `wp recruiting report <name>`, the block's
 * variation), what computes it, its response schema and how it is presented (title, headline figures, charts,
 * block sections). ReportRegistry collects them; docs/adding-a-report.md shows how to add one.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

use Closure;
use InvalidArgumentException;

defined( 'ABSPATH' ) || exit;

/**
 * A report's definition.
 */
final class ReportDefinition {

	/** The formats of a headline figure (docs/reports.md "Headline figures"). */
	public const FORMATS = array( 'count', 'days', 'percent' );

	/**
	 * Declares a report.
	 *
	 * @param string  $name        Lower-case slug: the route /reports/<name> and the block variation's name.
	 * @param string  $title       Translated title: the block's heading and its variation's title.
	 * @param string  $description Translated description of the block variation.
	 * @param Closure $run         fn( ReportQuery $query ): array — the report's fields for the query's period and
	 *                             job (`period` is added when the report leaves it out).
	 * @param array   $schema      JSON Schema properties of the fields (ReportSchema's helpers build them;
	 *                             `period` and `comparison` are added).
	 * @param array[] $figures     Headline figures, in order: id, label, value (a value expression: see
	 *                             ReportFigures), format (count, days, percent), and for a figure that exists
	 *                             only when something was counted, count (a value expression) and empty (the
	 *                             note shown instead).
	 * @param array[] $charts      Charts, in order (ReportCharts builds them): each is a block section, a CSV
	 *                             section (its id) and a chart of the Reports page.
	 * @param array   $block       The block variation: sections (default sections; `figures` then every chart
	 *                             when left out), icon, keywords.
	 * @param Closure $freshness   Optional fn(): string, for a report whose figures also change without a data
	 *                             change (the careers funnel's counters): a value that changes whenever they do; a
	 *                             cached answer is used only while it is the same (docs/reports.md "Careers funnel").
	 * @param Closure $merge       Optional fn( SiteFigures[] $sites ): array — the report's fields across the sites
	 *                             of a network (GET /network/reports/<name>, docs/multisite.md "The network report"),
	 *                             from each site's own answer (`data`) and what the report reads in the site
	 *                             (`in()`); without it the network report has only its `by_site` breakdown.
	 * @param bool    $closed      Whether the figures of a period that ended before the current UTC month can change
	 *                             only by a write to the applications of that period (ReportSummary reports the days
	 *                             each write changed) or by an invalidation that names no days (jobs edited,
	 *                             settings, imports): such periods are then cached under the closed version
	 *                             (ReportCache). Not for figures of the present (current statuses, open jobs' ages).
	 * @param bool    $now         Whether every figure is of the present whatever the period (the pipeline's waiting
	 *                             candidates): the Reports page says "As of now" where it gives other reports' dates,
	 *                             and a `compare` answers the same figures under the compared period from the report's
	 *                             own cache entry (ReportService).
	 * @throws InvalidArgumentException When the name is not a slug, a figure lacks id, label or a known format, or a
	 *                                  chart lacks id, title, a known kind or series with a known unit.
	 */
	public function __construct(
		public readonly string $name,
		public readonly string $title,
		public readonly string $description,
		public readonly Closure $run,
		public readonly array $schema,
		public readonly array $figures = array(),
		public readonly array $charts = array(),
		public readonly array $block = array(),
		public readonly ?Closure $freshness = null,
		public readonly ?Closure $merge = null,
		public readonly bool $closed = false,
		public readonly bool $now = false,
	) {
		if ( ! preg_match( '/^[a-z0-9]+(-[a-z0-9]+)*$/', $name ) ) {
			throw new InvalidArgumentException( 'A report name is a lower-case slug: ' . $name );
		}
		foreach ( $figures as $figure ) {
			if ( ! isset( $figure['id'], $figure['label'], $figure['value'] ) || ! in_array( $figure['format'] ?? '', self::FORMATS, true ) ) {
				throw new InvalidArgumentException( 'A figure of the report ' . $name . ' needs id, label, value and format (count, days or percent).' );
			}
		}
		foreach ( $charts as $chart ) {
			self::check_chart( $name, $chart );
		}
	}

	/**
	 * Checks a chart declaration.
	 *
	 * @param string $name  Report name.
	 * @param array  $chart The declaration.
	 * @throws InvalidArgumentException When it lacks id, title, a known kind or series with a known unit.
	 */
	private static function check_chart( string $name, array $chart ): void {
		$units = array_map( static fn( $series ) => $series['unit'] ?? '', (array) ( $chart['series'] ?? array() ) );
		if ( ! isset( $chart['id'], $chart['title'] ) || ! in_array( $chart['kind'] ?? '', ReportCharts::KINDS, true ) || ! $units || array_diff( $units, ReportCharts::UNITS ) ) {
			throw new InvalidArgumentException( 'A chart of the report ' . $name . ' needs id, title, kind (bar, line or doughnut) and series with a unit (count, days, percent or date).' );
		}
	}

	/** The block's default sections for this report. */
	public function sections(): array {
		return $this->block['sections'] ?? array_merge( $this->figures ? array( 'figures' ) : array(), array_column( $this->charts, 'id' ) );
	}
}
