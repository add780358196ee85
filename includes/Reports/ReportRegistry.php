<?php
/**
 * The registry of reports: the built-in ones and those other plugins add through the filter
 * `recruiting_reports_reports`. Everything that lists reports reads it: the REST routes and their schemas (and so
 * OPTIONS and openapi.json), CSV, `wp recruiting report`, the block's variations and render, and preloading.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * The reports.
 */
final class ReportRegistry {

	/**
	 * Every report by name, in menu order.
	 *
	 * @return array<string,ReportDefinition>
	 */
	public static function all(): array {
		$built_in = array(
			OverviewReport::definition(),
			TimeToHireReport::definition(),
			FunnelReport::definition(),
			SourcesReport::definition(),
			TimeToFillReport::definition(),
			CareersReport::definition(),
			RejectionsReport::definition(),
			PipelineReport::definition(),
			ActivityReport::definition(),
		);
		/**
		 * Filters the reports: add a ReportDefinition to add a report (docs/adding-a-report.md), or remove one.
		 *
		 * @param ReportDefinition[] $reports The reports, in menu order.
		 */
		$reports = (array) apply_filters( 'recruiting_reports_reports', $built_in );
		$by_name = array();
		foreach ( $reports as $report ) {
			if ( $report instanceof ReportDefinition ) {
				$by_name[ $report->name ] = $report;
			}
		}
		return $by_name;
	}

	/**
	 * One report, or null when there is no such report.
	 *
	 * @param string $name Report name.
	 */
	public static function get( string $name ): ?ReportDefinition {
		return self::all()[ $name ] ?? null;
	}

	/**
	 * The reports' names, in menu order.
	 *
	 * @return string[]
	 */
	public static function names(): array {
		return array_keys( self::all() );
	}

	/**
	 * What the TypeScript screens draw from the definitions (window.recruitingReports.reports, src/config.ts): per
	 * report in menu order its name, title, headline figures and charts as declared (src/reports/figures.ts and
	 * src/reports/charts.ts evaluate them).
	 *
	 * @return array<int,array{name:string,title:string,figures:array[],charts:array[],sections:string[],now:bool}>
	 */
	public static function presentation(): array {
		return array_values(
			array_map(
				static fn( ReportDefinition $report ) => array(
					'name'    => $report->name,
					'title'   => $report->title,
					'figures' => $report->figures,
					'charts'   => $report->charts,
					'sections' => $report->sections(),
					'now'      => $report->now,
				),
				self::all()
			)
		);
	}
}
