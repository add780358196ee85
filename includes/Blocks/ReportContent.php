<?php
/**
 * What each report of the block shows: its title, headline figures and per section a chart spec (the
 * JSON shape of src/components/charts/spec.ts) from the report's data. This is the block's one
 * renderer's content: ReportMarkup turns it into HTML, and the view script (src/blocks/charts.ts, on the
 * front end and on the editor's server-rendered preview alike) only draws the charts from the specs.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Blocks;

use RecruitingReports\Domain\Pipeline;
use RecruitingReports\Reports\ReportFigures;
use RecruitingReports\Reports\ReportRegistry;

defined( 'ABSPATH' ) || exit;

/**
 * What each report of the block shows.
 */
final class ReportContent {

	/** Same colours as src/components/charts/palette.ts (all at least 4.5:1 on white). */
	private const STATUS_COLORS = array(
		'new'       => '#2271b1',
		'screening' => '#3858e9',
		'interview' => '#7b3fa8',
		'offer'     => '#996800',
		'hired'     => '#007017',
		'rejected'  => '#b32d2e',
		'withdrawn' => '#646970',
	);

	private const BLUE   = '#2271b1';
	private const PURPLE = '#7b3fa8';
	private const TEAL   = '#00727a';
	private const GREEN  = '#007017';
	private const GRAY   = '#646970';

	/** How many rows a chart of jobs or sources draws, the first (largest) ones; the table lists all. */
	public const CHART_ROWS = 10;

	/**
	 * A report's title (its variation's).
	 *
	 * @param string $report Report name.
	 * @return string
	 */
	public static function title( string $report ): string {
		return ReportRegistry::get( $report )->title ?? $report;
	}

	/**
	 * A report's headline figures, as its definition declares them: id, label, value (formatted), raw (the number
	 * behind it, null when there is none, e.g. an average without hires) and an optional note.
	 *
	 * @param string $report Report name.
	 * @param array  $data   The report's data.
	 * @return array<int,array{id:string,label:string,value:string,raw:int|float|null,note?:string}>
	 */
	public static function figures( string $report, array $data ): array {
		$figures = array();
		foreach ( ReportRegistry::get( $report )->figures ?? array() as $figure ) {
			$value = ReportFigures::value( $figure['value'], $data );
			if ( isset( $figure['count'] ) && ReportFigures::value( $figure['count'], $data ) <= 0 ) {
				$figures[] = array(
					'id'    => $figure['id'],
					'label' => $figure['label'],
					'value' => '—',
					'raw'   => null,
					'note'  => (string) ( $figure['empty'] ?? '' ),
				);
				continue;
			}
			$shown = 'days' === $figure['format']
				? self::days_figure( $figure['id'], $figure['label'], (float) $value )
				: self::figure( $figure['id'], $figure['label'], 'count' === $figure['format'] ? (int) $value : (float) $value, $figure['format'] );
			$note  = ReportFigures::negative_note( $figure, $data );
			if ( null !== $note ) {
				$shown['note'] = $note;
			}
			$figures[] = $shown;
		}
		return $figures;
	}

	/**
	 * The chart spec of one section of a report, or null for a section the report does not have.
	 *
	 * @param string $report     Report name.
	 * @param string $section    Section id (block.json `sections`).
	 * @param array  $data       The report's data.
	 * @param array  $attributes The block's attributes (chart kinds).
	 * @return array|null
	 */
	public static function spec( string $report, string $section, array $data, array $attributes ): ?array {
		$trend_kind = 'bar' === ( $attributes['trendChart'] ?? 'line' ) ? 'bar' : 'line';
		switch ( $report . '/' . $section ) {
			case 'overview/by_status':
				$kind = 'doughnut' === ( $attributes['statusChart'] ?? 'bar' ) ? 'doughnut' : 'bar';
				return self::spec_of(
					'by_status',
					$kind,
					__( 'All applications by current status', 'recruiting-reports' ),
					__( 'Status', 'recruiting-reports' ),
					array_map( array( self::class, 'status_label' ), Pipeline::STATUSES ),
					array( self::series( __( 'Applications', 'recruiting-reports' ), array_map( static fn( $s ) => (int) ( $data['applications']['by_status'][ $s ] ?? 0 ), Pipeline::STATUSES ), 'count', array_values( self::STATUS_COLORS ) ) )
				);
			case 'overview/conversion':
				$steps = array(
					'application_to_screening' => __( 'Application → screening', 'recruiting-reports' ),
					'screening_to_interview'   => __( 'Screening → interview', 'recruiting-reports' ),
					'interview_to_offer'       => __( 'Interview → offer', 'recruiting-reports' ),
					'offer_to_hire'            => __( 'Offer → hire', 'recruiting-reports' ),
				);
				return self::spec_of(
					'conversion',
					'bar',
					__( 'Conversion between stages', 'recruiting-reports' ),
					__( 'Step', 'recruiting-reports' ),
					array_values( $steps ),
					array( self::series( __( 'Conversion rate', 'recruiting-reports' ), self::values( $data['conversion'] ?? array(), array_keys( $steps ) ), 'percent', self::BLUE ) )
				);
			case 'time-to-hire/by_stage':
				$steps  = array(
					'new_to_screening'       => __( 'New → screening', 'recruiting-reports' ),
					'screening_to_interview' => __( 'Screening → interview', 'recruiting-reports' ),
					'interview_to_offer'     => __( 'Interview → offer', 'recruiting-reports' ),
					'offer_to_hire'          => __( 'Offer → hired', 'recruiting-reports' ),
				);
				$series = self::series( __( 'Average days', 'recruiting-reports' ), self::values( $data['by_stage'] ?? array(), array_keys( $steps ) ), 'days', self::PURPLE );
				// Without hires the API's 0s are no averages at all.
				$series['missing'] = array_fill( 0, count( $steps ), 0 === self::hires( $data ) );
				return self::spec_of( 'by_stage', 'bar', __( 'Average days between stages', 'recruiting-reports' ), __( 'Stage', 'recruiting-reports' ), array_values( $steps ), array( $series ) );
			case 'time-to-hire/by_job':
				$rows = self::rows( $data, 'by_job' );
				// The API orders jobs by hires: the chart draws the first ones, the table lists all.
				return array( 'chartLimit' => self::CHART_ROWS ) + self::spec_of(
					'by_job',
					'bar',
					__( 'Time to hire by job', 'recruiting-reports' ),
					__( 'Job', 'recruiting-reports' ),
					array_map( static fn( $row ) => (string) $row['job_title'], $rows ),
					array(
						self::series( __( 'Average days', 'recruiting-reports' ), array_map( static fn( $row ) => (float) $row['average_days'], $rows ), 'days', self::TEAL ),
						self::series( __( 'Hires', 'recruiting-reports' ), array_map( static fn( $row ) => (int) $row['hires'], $rows ), 'count', self::GREEN, false ),
					)
				);
			case 'time-to-hire/trend':
			case 'time-to-fill/trend':
				$rows   = self::rows( $data, 'trend' );
				$counts = 'trend' === $section && 'time-to-fill' === $report ? 'jobs' : 'hires';
				// Time to fill's trend is teal, time to hire's blue (src/reports/specs.ts).
				$series = self::series( __( 'Average days', 'recruiting-reports' ), array_map( static fn( $row ) => (float) $row['average_days'], $rows ), 'days', 'jobs' === $counts ? self::TEAL : self::BLUE );
				// A month without hires (fills) is a gap in the chart; the table shows the API's 0 as "—".
				$series['missing'] = array_map( static fn( $row ) => 0 === (int) ( $row[ $counts ] ?? 0 ), $rows );
				return self::spec_of(
					'trend',
					$trend_kind,
					'jobs' === $counts ? __( 'Time to fill by month', 'recruiting-reports' ) : __( 'Time to hire by month', 'recruiting-reports' ),
					__( 'Month', 'recruiting-reports' ),
					array_map( static fn( $row ) => self::month_label( (string) $row['month'] ), $rows ),
					array(
						$series,
						self::series( 'jobs' === $counts ? __( 'Jobs filled', 'recruiting-reports' ) : __( 'Hires', 'recruiting-reports' ), array_map( static fn( $row ) => (int) ( $row[ $counts ] ?? 0 ), $rows ), 'count', self::GREEN, false ),
					)
				);
			case 'funnel/stages':
				$rows = self::rows( $data, 'stages' );
				return self::spec_of(
					'stages',
					'bar',
					__( 'Applications reaching each stage', 'recruiting-reports' ),
					__( 'Stage', 'recruiting-reports' ),
					array_map( static fn( $row ) => self::status_label( (string) $row['stage'] ), $rows ),
					array(
						self::series( __( 'Reached', 'recruiting-reports' ), array_map( static fn( $row ) => (int) $row['reached'], $rows ), 'count', array_map( static fn( $row ) => self::STATUS_COLORS[ $row['stage'] ] ?? self::BLUE, $rows ) ),
						self::series( __( 'Conversion from previous stage', 'recruiting-reports' ), array_map( static fn( $row ) => (float) $row['conversion_from_previous'], $rows ), 'percent', self::BLUE, false ),
					)
				);
			case 'sources/sources':
				$rows = self::rows( $data, 'sources' );
				$spec = self::spec_of(
					'sources',
					'bar',
					__( 'Applications and hires by source', 'recruiting-reports' ),
					__( 'Source', 'recruiting-reports' ),
					array_map( static fn( $row ) => (string) $row['source'], $rows ),
					array(
						self::series( __( 'Applications', 'recruiting-reports' ), array_map( static fn( $row ) => (int) $row['applications'], $rows ), 'count', self::BLUE ),
						self::series( __( 'Hires', 'recruiting-reports' ), array_map( static fn( $row ) => (int) $row['hires'], $rows ), 'count', self::GREEN ),
						self::series( __( 'Hire rate', 'recruiting-reports' ), array_map( static fn( $row ) => (float) $row['conversion'], $rows ), 'percent', self::TEAL, false ),
						self::series( __( 'Average days to hire', 'recruiting-reports' ), array_map( static fn( $row ) => (float) $row['average_days_to_hire'], $rows ), 'days', self::PURPLE, false ),
					)
				);
				// The table lists every source; the chart the largest ones (the API orders them by applications).
				$spec['chartLimit'] = self::CHART_ROWS;
				return $spec;
			case 'time-to-fill/by_job':
				$rows = self::rows( $data, 'by_job' );
				// The API orders jobs by days, longest first: the chart draws the first ones, the table lists all.
				return array( 'chartLimit' => self::CHART_ROWS ) + self::spec_of(
					'by_job',
					'bar',
					__( 'Time to fill by job', 'recruiting-reports' ),
					__( 'Job', 'recruiting-reports' ),
					array_map( static fn( $row ) => (string) $row['job_title'], $rows ),
					array(
						self::series( __( 'Days to fill', 'recruiting-reports' ), array_map( static fn( $row ) => (float) $row['days'], $rows ), 'days', self::TEAL ),
						self::series( __( 'Opened', 'recruiting-reports' ), array_map( static fn( $row ) => (string) $row['opened'], $rows ), 'date', self::TEAL, false ),
						self::series( __( 'Filled', 'recruiting-reports' ), array_map( static fn( $row ) => (string) $row['filled'], $rows ), 'date', self::TEAL, false ),
					)
				);
		}
		return null;
	}

	/**
	 * A trend with the comparison period's months overlaid (SPEC §7.1 "can overlay the earlier trend"), as the
	 * Reports page draws it: month n of the earlier period beside month n of the current one (a shorter earlier
	 * period is padded with points without data, a longer one cut), its series named with its dates, grey and
	 * dashed (`earlier`), and its columns after the current ones in the data table.
	 *
	 * @param array  $spec    The current period's spec.
	 * @param array  $earlier The same spec from the comparison report.
	 * @param string $dates   The comparison period's dates.
	 * @return array
	 */
	public static function overlay_earlier( array $spec, array $earlier, string $dates ): array {
		$count = count( $spec['labels'] );
		foreach ( $earlier['series'] as $series ) {
			$values  = array();
			$missing = array();
			for ( $i = 0; $i < $count; $i++ ) {
				$values[]  = $series['values'][ $i ] ?? 0;
				$missing[] = isset( $series['values'][ $i ] ) ? ! empty( $series['missing'][ $i ] ) : true;
			}
			/* translators: 1: a series' name, e.g. "Average days"; 2: the earlier period's dates. */
			$series['label']   = sprintf( __( '%1$s, %2$s', 'recruiting-reports' ), $series['label'], $dates );
			$series['values']  = $values;
			$series['missing'] = $missing;
			$series['color']   = self::GRAY;
			$series['earlier'] = true;
			$spec['series'][]  = $series;
		}
		return $spec;
	}

	/**
	 * What a chart without data says.
	 *
	 * @param string $report Report name.
	 * @param array  $data   The report's data.
	 * @return string
	 */
	public static function empty_message( string $report, array $data ): string {
		switch ( $report ) {
			case 'time-to-hire':
				return 0 === self::hires( $data ) ? __( 'No hires in this period.', 'recruiting-reports' ) : __( 'Nothing to chart for this period.', 'recruiting-reports' );
			case 'time-to-fill':
				return __( 'No jobs filled in this period.', 'recruiting-reports' );
		}
		return __( 'No applications in this period.', 'recruiting-reports' );
	}

	/**
	 * A translated status label.
	 *
	 * @param string $status Status.
	 * @return string
	 */
	public static function status_label( string $status ): string {
		$labels = array(
			'new'       => __( 'New', 'recruiting-reports' ),
			'screening' => __( 'Screening', 'recruiting-reports' ),
			'interview' => __( 'Interview', 'recruiting-reports' ),
			'offer'     => __( 'Offer', 'recruiting-reports' ),
			'hired'     => __( 'Hired', 'recruiting-reports' ),
			'rejected'  => __( 'Rejected', 'recruiting-reports' ),
			'withdrawn' => __( 'Withdrawn', 'recruiting-reports' ),
		);
		return $labels[ $status ] ?? $status;
	}

	/**
	 * Hires in the period: the trend covers every month of it, so its counts add up to all hires.
	 *
	 * @param array $data Time to hire data.
	 * @return int
	 */
	private static function hires( array $data ): int {
		return (int) array_sum( array_map( static fn( $row ) => (int) ( $row['hires'] ?? 0 ), self::rows( $data, 'trend' ) ) );
	}

	/**
	 * The rows of an array field of a report (none when it is missing).
	 *
	 * @param array  $data  Report data.
	 * @param string $field Field.
	 * @return array
	 */
	private static function rows( array $data, string $field ): array {
		return is_array( $data[ $field ] ?? null ) ? array_values( array_filter( $data[ $field ], 'is_array' ) ) : array();
	}

	/**
	 * Numbers of an object of numbers, in the order of $keys.
	 *
	 * @param array    $values Values by key.
	 * @param string[] $keys   Keys.
	 * @return float[]
	 */
	private static function values( array $values, array $keys ): array {
		return array_map( static fn( $key ) => (float) ( $values[ $key ] ?? 0 ), $keys );
	}

	/**
	 * A chart spec.
	 *
	 * @param string   $id       Id.
	 * @param string   $kind     bar, line or doughnut.
	 * @param string   $title    Title.
	 * @param string   $category Header of the category column.
	 * @param string[] $labels   Categories.
	 * @param array    $series   Series.
	 * @return array
	 */
	private static function spec_of( string $id, string $kind, string $title, string $category, array $labels, array $series ): array {
		return array(
			'id'            => $id,
			'kind'          => $kind,
			// Bars run left to right: long category names, narrow screens.
			'horizontal'    => 'bar' === $kind && 'trend' !== $id,
			'title'         => $title,
			'categoryLabel' => $category,
			'labels'        => $labels,
			'series'        => $series,
		);
	}

	/**
	 * A series of a chart spec.
	 *
	 * @param string          $label  Label.
	 * @param array           $values Values.
	 * @param string          $unit   count, percent, days; date for table-only text.
	 * @param string|string[] $color  Colour, or one per category.
	 * @param bool            $chart  Whether it is drawn (false: only in the data table).
	 * @return array
	 */
	private static function series( string $label, array $values, string $unit, $color, bool $chart = true ): array {
		$series = array(
			'label'  => $label,
			'values' => $values,
			'unit'   => $unit,
			'color'  => $color,
		);
		if ( ! $chart ) {
			$series['chart'] = false;
		}
		return $series;
	}

	/**
	 * A headline figure.
	 *
	 * @param string    $id    Id.
	 * @param string    $label Label.
	 * @param int|float $value Value.
	 * @param string    $unit  count or percent.
	 * @return array
	 */
	private static function figure( string $id, string $label, $value, string $unit ): array {
		return array(
			'id'    => $id,
			'label' => $label,
			'value' => ReportMarkup::format( $value, $unit ),
			'raw'   => $value,
		);
	}

	/**
	 * A headline figure in days.
	 *
	 * @param string $id    Id.
	 * @param string $label Label.
	 * @param float  $days  Days.
	 * @return array
	 */
	private static function days_figure( string $id, string $label, float $days ): array {
		return array(
			'id'    => $id,
			'label' => $label,
			/* translators: %s: a number of days, e.g. 12.5 */
			'value' => sprintf( _n( '%s day', '%s days', 1.0 === $days ? 1 : 2, 'recruiting-reports' ), ReportMarkup::format( $days, 'days' ) ),
			'raw'   => $days,
		);
	}

	/**
	 * A YYYY-MM month as the site formats it.
	 *
	 * @param string $month Month.
	 * @return string
	 */
	private static function month_label( string $month ): string {
		$time = strtotime( $month . '-01 00:00:00 UTC' );
		return false === $time ? $month : (string) wp_date( 'M Y', $time, new \DateTimeZone( 'UTC' ) );
	}
}
