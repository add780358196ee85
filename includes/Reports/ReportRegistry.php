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
	 * The built-in reports' names, in menu order, and what builds each one's definition.
	 *
	 * @return array<string,callable> Name => fn(): ReportDefinition.
	 */
	private static function built_in(): array {
		return array(
			ReportService::OVERVIEW     => array( OverviewReport::class, 'definition' ),
			ReportService::TIME_TO_HIRE => array( TimeToHireReport::class, 'definition' ),
			ReportService::FUNNEL       => array( FunnelReport::class, 'definition' ),
			ReportService::SOURCES      => array( SourcesReport::class, 'definition' ),
			ReportService::TIME_TO_FILL => array( TimeToFillReport::class, 'definition' ),
			CareersReport::NAME         => array( CareersReport::class, 'definition' ),
			RejectionsReport::NAME      => array( RejectionsReport::class, 'definition' ),
			PipelineReport::NAME        => array( PipelineReport::class, 'definition' ),
			ActivityReport::NAME        => array( ActivityReport::class, 'definition' ),
		);
	}

	/**
	 * Every report by name, in menu order.
	 *
	 * @return array<string,ReportDefinition>
	 */
	public static function all(): array {
		$built_in = array_values( array_map( static fn( callable $build ) => $build(), self::built_in() ) );
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
	 * One report, or null when there is no such report. Unless another plugin filters the reports, only that report's
	 * definition is built (0.03 ms on the benchmark machine; all of them, built and translated, 0.23 to 0.34 ms).
	 *
	 * @param string $name Report name.
	 */
	public static function get( string $name ): ?ReportDefinition {
		if ( has_filter( 'recruiting_reports_reports' ) ) {
			return self::all()[ $name ] ?? null;
		}
		$build = self::built_in()[ $name ] ?? null;
		return null === $build ? null : $build();
	}

	/**
	 * The reports' names, in menu order. Unless another plugin filters the reports, no definition is built: the names
	 * are read on every request of the site (the block's attribute enum) and twice more on every REST request (the
	 * reports' routes, the digest subscriptions' schema), and building every definition for each read cost 0.23 to
	 * 0.34 ms on the benchmark machine.
	 *
	 * @return string[]
	 */
	public static function names(): array {
		return has_filter( 'recruiting_reports_reports' ) ? array_keys( self::all() ) : array_keys( self::built_in() );
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
