<?php
/**
 * One site's part of a network report (docs/multisite.md "The network report"): the site, its own answer for the
 * period as it resolves it in its own timezone, and a way to read more of that site's figures (a report's public
 * pieces, such as its hire-day histogram) switched to it. A report's `merge` (ReportDefinition) gets one per site.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * A site's figures for a network report.
 */
final class SiteFigures {

	/**
	 * Sets up the instance.
	 *
	 * @param int         $site_id Site id.
	 * @param string      $name    Site name.
	 * @param ReportQuery $query   The period as this site resolves it (its timezone).
	 * @param array       $data    The site's own report for that period (ReportService), without a comparison.
	 */
	public function __construct(
		public readonly int $site_id,
		public readonly string $name,
		public readonly ReportQuery $query,
		public readonly array $data,
	) {}

	/**
	 * Runs $read( $query ) switched to the site and returns what it returns.
	 *
	 * @param callable $read Gets this site's ReportQuery; runs with the site current.
	 * @return mixed
	 */
	public function in( callable $read ) {
		switch_to_blog( $this->site_id );
		try {
			return $read( $this->query );
		} finally {
			restore_current_blog();
		}
	}

	/**
	 * The rows of a list field of the site's answer, each with its site_id first (job ids repeat across sites).
	 *
	 * @param string $field A list field of the report (by_job, …).
	 * @return array[]
	 */
	public function rows( string $field ): array {
		return array_map( fn( array $row ) => array( 'site_id' => $this->site_id ) + $row, (array) ( $this->data[ $field ] ?? array() ) );
	}
}
