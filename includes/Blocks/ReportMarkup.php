<?php
/**
 * The report block's front-end markup from report data: heading, period, headline figures, and per
 * chart a figure with its data table (what shows without JavaScript) and the chart's spec as JSON
 * for the view script. Mirrors src/reports/specs.ts and src/blocks/ReportView.tsx (same ids,
 * labels, units and order), so the editor preview and the front end agree.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Blocks;

use RecruitingReports\Domain\Pipeline;

defined( 'ABSPATH' ) || exit;

/**
 * The report block's front-end markup from report data: heading, period, headline figures, and per chart a figure with its data table (what shows without JavaScript) and the chart's spec as JSON for the view script.
 */
final class ReportMarkup {

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

	/**
	 * Makes element ids unique when a page holds several blocks.
	 *
	 * @var int
	 */
	private static int $instance = 0;

	/**
	 * A report's markup: title, period, figures, charts with their data tables.
	 *
	 * @param array  $attributes Attributes::sanitize() result.
	 * @param array  $data       The report's JSON as an array.
	 * @param string $job_title  Title of the job the report is restricted to, or ''.
	 */
	public static function render( array $attributes, array $data, string $job_title ): string {
		++self::$instance;
		$report = $attributes['report'];
		$html   = '';
		if ( $attributes['show_heading'] ) {
			$title = 'time-to-hire' === $report ? __( 'Time to hire', 'recruiting-reports' ) : __( 'Recruiting overview', 'recruiting-reports' );
			$html .= '<h2 class="rr-report__title">' . esc_html( $title ) . '</h2>';
		}
		$period = self::period_text( $attributes['period'], $data['period'] ?? array() );
		$html  .= '<p class="rr-report__period">' . esc_html( '' !== $job_title ? $job_title . ' · ' . $period : $period ) . '</p>';

		foreach ( $attributes['sections'] as $section ) {
			if ( 'figures' === $section ) {
				$html .= self::figures( 'overview' === $report ? self::overview_figures( $data ) : self::time_to_hire_figures( $data ) );
				continue;
			}
			$spec = self::spec( $section, $data, $attributes );
			if ( $spec ) {
				$html .= self::chart( $spec, self::empty_message( $report, $data ) );
			}
		}
		return $html;
	}

	// ------------------------------------------------------------------ specs.

	/**
	 * A chart spec for one section of a report.
	 *
	 * @param string $section    Section.
	 * @param array  $data       Data.
	 * @param array  $attributes Attributes.
	 * @return array|null A chart spec (the JSON shape of src/components/charts/spec.ts).
	 */
	public static function spec( string $section, array $data, array $attributes ): ?array {
		switch ( $section ) {
			case 'by_status':
				$kind = $attributes['status_chart'];
				return array(
					'id'            => 'by_status',
					'kind'          => $kind,
					'horizontal'    => 'bar' === $kind,
					'title'         => __( 'All applications by current status', 'recruiting-reports' ),
					'categoryLabel' => __( 'Status', 'recruiting-reports' ),
					'labels'        => array_map( array( self::class, 'status_label' ), Pipeline::STATUSES ),
					'series'        => array(
						array(
							'label'  => __( 'Applications', 'recruiting-reports' ),
							'values' => array_map( static fn( $s ) => (int) ( $data['applications']['by_status'][ $s ] ?? 0 ), Pipeline::STATUSES ),
							'unit'   => 'count',
							'color'  => array_values( self::STATUS_COLORS ),
						),
					),
				);
			case 'conversion':
				$steps = array(
					'application_to_screening' => __( 'Application → screening', 'recruiting-reports' ),
					'screening_to_interview'   => __( 'Screening → interview', 'recruiting-reports' ),
					'interview_to_offer'       => __( 'Interview → offer', 'recruiting-reports' ),
					'offer_to_hire'            => __( 'Offer → hire', 'recruiting-reports' ),
				);
				return self::simple_bars( 'conversion', __( 'Conversion between stages', 'recruiting-reports' ), __( 'Step', 'recruiting-reports' ), $steps, $data['conversion'] ?? array(), __( 'Conversion rate', 'recruiting-reports' ), 'percent', self::BLUE );
			case 'by_stage':
				$steps = array(
					'new_to_screening'       => __( 'New → screening', 'recruiting-reports' ),
					'screening_to_interview' => __( 'Screening → interview', 'recruiting-reports' ),
					'interview_to_offer'     => __( 'Interview → offer', 'recruiting-reports' ),
					'offer_to_hire'          => __( 'Offer → hired', 'recruiting-reports' ),
				);
				$spec  = self::simple_bars( 'by_stage', __( 'Average days between stages', 'recruiting-reports' ), __( 'Stage', 'recruiting-reports' ), $steps, $data['by_stage'] ?? array(), __( 'Average days', 'recruiting-reports' ), 'days', self::PURPLE );
				$hires = array_sum( array_map( static fn( $row ) => (int) ( $row['hires'] ?? 0 ), is_array( $data['trend'] ?? null ) ? $data['trend'] : array() ) );
				// Without hires the API's 0s are no averages at all (as src/reports/specs.ts).
				$spec['series'][0]['missing'] = array_fill( 0, count( $steps ), 0 === $hires );
				return $spec;
			case 'by_job':
				$rows = is_array( $data['by_job'] ?? null ) ? $data['by_job'] : array();
				return array(
					'id'            => 'by_job',
					'kind'          => 'bar',
					'horizontal'    => true,
					'title'         => __( 'Time to hire by job', 'recruiting-reports' ),
					'categoryLabel' => __( 'Job', 'recruiting-reports' ),
					'labels'        => array_map( static fn( $row ) => (string) $row['job_title'], $rows ),
					'series'        => array(
						array(
							'label'  => __( 'Average days', 'recruiting-reports' ),
							'values' => array_map( static fn( $row ) => (float) $row['average_days'], $rows ),
							'unit'   => 'days',
							'color'  => self::TEAL,
						),
						array(
							'label'  => __( 'Hires', 'recruiting-reports' ),
							'values' => array_map( static fn( $row ) => (int) $row['hires'], $rows ),
							'unit'   => 'count',
							'color'  => self::GREEN,
							'chart'  => false,
						),
					),
				);
			case 'trend':
				$rows = is_array( $data['trend'] ?? null ) ? $data['trend'] : array();
				return array(
					'id'            => 'trend',
					'kind'          => $attributes['trend_chart'],
					'title'         => __( 'Time to hire by month', 'recruiting-reports' ),
					'categoryLabel' => __( 'Month', 'recruiting-reports' ),
					'labels'        => array_map( static fn( $row ) => self::month_label( (string) $row['month'] ), $rows ),
					'series'        => array(
						array(
							'label'   => __( 'Average days', 'recruiting-reports' ),
							'values'  => array_map( static fn( $row ) => (float) $row['average_days'], $rows ),
							'unit'    => 'days',
							'color'   => self::BLUE,
							// A month without hires is a gap in the chart (the table shows the API's 0).
							'missing' => array_map( static fn( $row ) => 0 === (int) ( $row['hires'] ?? 0 ), $rows ),
						),
						array(
							'label'  => __( 'Hires', 'recruiting-reports' ),
							'values' => array_map( static fn( $row ) => (int) ( $row['hires'] ?? 0 ), $rows ),
							'unit'   => 'count',
							'color'  => self::GREEN,
							'chart'  => false,
						),
					),
				);
		}
		return null;
	}

	/**
	 * A one-series bar chart spec.
	 *
	 * @param string $id       Id.
	 * @param string $title    Title.
	 * @param string $category Category.
	 * @param array  $steps    Steps.
	 * @param array  $values   Values.
	 * @param string $series   Series.
	 * @param string $unit     Unit.
	 * @param string $color    Color.
	 */
	private static function simple_bars( string $id, string $title, string $category, array $steps, array $values, string $series, string $unit, string $color ): array {
		return array(
			'id'            => $id,
			'kind'          => 'bar',
			'horizontal'    => true,
			'title'         => $title,
			'categoryLabel' => $category,
			'labels'        => array_values( $steps ),
			'series'        => array(
				array(
					'label'  => $series,
					'values' => array_map( static fn( $key ) => (float) ( $values[ $key ] ?? 0 ), array_keys( $steps ) ),
					'unit'   => $unit,
					'color'  => $color,
				),
			),
		);
	}

	// ------------------------------------------------------------------ figures.

	/**
	 * The overview's headline figures.
	 *
	 * @param array $data Data.
	 */
	private static function overview_figures( array $data ): array {
		$avg = (float) ( $data['avg_time_to_hire_days'] ?? 0 );
		return array(
			self::count_figure( 'active_jobs', __( 'Active jobs', 'recruiting-reports' ), (int) ( $data['jobs']['active'] ?? 0 ) ),
			self::count_figure( 'new_jobs', __( 'New jobs', 'recruiting-reports' ), (int) ( $data['jobs']['new_this_period'] ?? 0 ) ),
			self::count_figure( 'new_applications', __( 'New applications', 'recruiting-reports' ), (int) ( $data['applications']['new_this_period'] ?? 0 ) ),
			self::count_figure( 'total_applications', __( 'All applications', 'recruiting-reports' ), (int) ( $data['applications']['total'] ?? 0 ) ),
			// The API reports 0 when there is no hire to average: "no hires", not "0 days".
			self::days_figure( 'avg_time_to_hire', __( 'Average time to hire', 'recruiting-reports' ), $avg, $avg > 0 ? 1 : 0 ),
		);
	}

	/**
	 * Time to hire figures.
	 *
	 * @param array $data Data.
	 */
	private static function time_to_hire_figures( array $data ): array {
		$hires   = self::hires( $data );
		$overall = $data['overall'] ?? array();
		return array(
			self::count_figure( 'hires', __( 'Hires', 'recruiting-reports' ), $hires ),
			self::days_figure( 'average_days', __( 'Average time to hire', 'recruiting-reports' ), (float) ( $overall['average_days'] ?? 0 ), $hires ),
			self::days_figure( 'median_days', __( 'Median time to hire', 'recruiting-reports' ), (float) ( $overall['median_days'] ?? 0 ), $hires ),
			self::days_figure( 'min_days', __( 'Fastest hire', 'recruiting-reports' ), (float) ( $overall['min_days'] ?? 0 ), $hires ),
			self::days_figure( 'max_days', __( 'Slowest hire', 'recruiting-reports' ), (float) ( $overall['max_days'] ?? 0 ), $hires ),
		);
	}

	/**
	 * Hires in the period: the trend covers every month of it, so its counts add up to all hires.
	 *
	 * @param array $data Data.
	 */
	private static function hires( array $data ): int {
		$rows = is_array( $data['trend'] ?? null ) ? $data['trend'] : array();
		return (int) array_sum( array_map( static fn( $row ) => (int) ( $row['hires'] ?? 0 ), $rows ) );
	}

	/**
	 * A headline figure that is a count.
	 *
	 * @param string $id    Id.
	 * @param string $label Label.
	 * @param int    $value Value.
	 */
	private static function count_figure( string $id, string $label, int $value ): array {
		return array(
			'id'    => $id,
			'label' => $label,
			'value' => number_format_i18n( $value ),
			'raw'   => $value,
		);
	}

	/**
	 * A headline figure in days (none without hires).
	 *
	 * @param string $id    Id.
	 * @param string $label Label.
	 * @param float  $days  Days.
	 * @param int    $hires Hires.
	 */
	private static function days_figure( string $id, string $label, float $days, int $hires ): array {
		if ( 0 === $hires ) {
			return array(
				'id'    => $id,
				'label' => $label,
				'value' => '—',
				'raw'   => null,
				'note'  => __( 'No hires in this period', 'recruiting-reports' ),
			);
		}
		return array(
			'id'    => $id,
			'label' => $label,
			/* translators: %s: a number of days, e.g. 12.5 */
			'value' => sprintf( _n( '%s day', '%s days', 1.0 === $days ? 1 : 2, 'recruiting-reports' ), number_format_i18n( $days, 1 ) ),
			'raw'   => $days,
		);
	}

	/**
	 * Headline figures as a description list.
	 *
	 * @param array $figures Figures.
	 */
	private static function figures( array $figures ): string {
		$html = '<dl class="rr-figures" aria-label="' . esc_attr__( 'Headline figures', 'recruiting-reports' ) . '">';
		foreach ( $figures as $figure ) {
			$html .= '<div class="rr-figure" data-figure="' . esc_attr( $figure['id'] ) . '">';
			$html .= '<dt class="rr-figure__label">' . esc_html( $figure['label'] ) . '</dt>';
			$html .= '<dd class="rr-figure__value"' . ( null === $figure['raw'] ? '' : ' data-value="' . esc_attr( self::raw( $figure['raw'] ) ) . '"' ) . '>' . esc_html( $figure['value'] ) . '</dd>';
			if ( ! empty( $figure['note'] ) ) {
				$html .= '<dd class="rr-figure__note">' . esc_html( $figure['note'] ) . '</dd>';
			}
			$html .= '</div>';
		}
		return $html . '</dl>';
	}

	// ------------------------------------------------------------------ charts.

	/**
	 * A chart: its figure, the data table, and the spec for the view script.
	 *
	 * @param array  $spec          Spec.
	 * @param string $empty_message Empty message.
	 */
	private static function chart( array $spec, string $empty_message ): string {
		$id    = 'rr-chart-' . self::$instance . '-' . $spec['id'];
		$empty = self::is_empty( $spec );
		$html  = '<figure class="rr-chart" aria-labelledby="' . esc_attr( $id ) . '"' . ( $empty ? '' : ' data-rr-chart="' . esc_attr( $spec['id'] ) . '"' ) . '>';
		$html .= '<figcaption id="' . esc_attr( $id ) . '" class="rr-chart__title">' . esc_html( $spec['title'] ) . '</figcaption>';
		if ( $empty ) {
			$html .= '<p class="rr-chart__empty">' . esc_html( $empty_message ) . '</p>';
		} else {
			/* translators: %s: chart title. */
			$label = sprintf( __( '%s. The numbers are in the data table.', 'recruiting-reports' ), $spec['title'] );
			$html .= sprintf(
				'<div class="rr-chart__canvas" data-label="%s" style="height:%dpx" hidden></div>',
				esc_attr( $label ),
				'by_job' === $spec['id'] ? max( 160, 40 + 28 * count( $spec['labels'] ) ) : 240
			);
		}
		$html .= '<details class="rr-chart__data" open><summary>' . esc_html__( 'Data table', 'recruiting-reports' ) . '</summary>' . self::table( $spec ) . '</details>';
		if ( ! $empty ) {
			// JSON_HEX_* keeps "</script>" and quotes in labels (job titles) from ending the element.
			$json  = wp_json_encode( $spec, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_UNESCAPED_UNICODE );
			$html .= '<script type="application/json" class="rr-chart__spec">' . $json . '</script>';
		}
		return $html . '</figure>';
	}

	/**
	 * A chart's data as an accessible table.
	 *
	 * @param array $spec Spec.
	 */
	private static function table( array $spec ): string {
		$html  = '<div class="rr-table-scroll"><table class="rr-table" data-chart-table="' . esc_attr( $spec['id'] ) . '">';
		$html .= '<caption class="screen-reader-text">' . esc_html( $spec['title'] ) . '</caption>';
		$html .= '<thead><tr><th scope="col">' . esc_html( $spec['categoryLabel'] ) . '</th>';
		foreach ( $spec['series'] as $series ) {
			$html .= '<th scope="col" class="rr-table__num">' . esc_html( $series['label'] ) . '</th>';
		}
		$html .= '</tr></thead><tbody>';
		foreach ( $spec['labels'] as $row => $label ) {
			$html .= '<tr><th scope="row">' . esc_html( $label ) . '</th>';
			foreach ( $spec['series'] as $series ) {
				$value = $series['values'][ $row ] ?? 0;
				// A value without data (a month without hires) shows "—", never "0.0", which reads as a result.
				$shown = empty( $series['missing'][ $row ] )
					? esc_html( self::format( $value, $series['unit'] ) )
					: '<span aria-hidden="true">—</span><span class="screen-reader-text">' . esc_html__( 'No hires', 'recruiting-reports' ) . '</span>';
				$html .= '<td class="rr-table__num" data-value="' . esc_attr( self::raw( $value ) ) . '">' . $shown . '</td>';
			}
			$html .= '</tr>';
		}
		return $html . '</tbody></table></div>';
	}

	/**
	 * Whether it is empty.
	 *
	 * @param array $spec Spec.
	 */
	private static function is_empty( array $spec ): bool {
		if ( ! $spec['labels'] ) {
			return true;
		}
		foreach ( $spec['series'] as $series ) {
			if ( false !== ( $series['chart'] ?? true ) && array_filter( $series['values'] ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * What a chart without data says.
	 *
	 * @param string $report Report.
	 * @param array  $data   Data.
	 */
	private static function empty_message( string $report, array $data ): string {
		if ( 'overview' === $report ) {
			return __( 'No applications in this period.', 'recruiting-reports' );
		}
		return 0 === self::hires( $data ) ? __( 'No hires in this period.', 'recruiting-reports' ) : __( 'Nothing to chart for this period.', 'recruiting-reports' );
	}

	// ------------------------------------------------------------------ formatting.

	/**
	 * The value as the API states it (data-value), e.g. 0.4532 or 12.5.
	 *
	 * @param mixed $value Value.
	 */
	private static function raw( $value ): string {
		return is_int( $value ) ? (string) $value : rtrim( rtrim( sprintf( '%.4F', (float) $value ), '0' ), '.' );
	}

	/**
	 * Counts as integers, days to 1 decimal, rates as a percentage with up to 2 decimals.
	 *
	 * @param mixed  $value Value.
	 * @param string $unit  Unit.
	 */
	public static function format( $value, string $unit ): string {
		switch ( $unit ) {
			case 'percent':
				$percent  = round( (float) $value * 100, 2 );
				$decimals = 0;
				if ( abs( $percent * 10 - round( $percent * 10 ) ) > 1e-9 ) {
					$decimals = 2;
				} elseif ( abs( $percent - round( $percent ) ) > 1e-9 ) {
					$decimals = 1;
				}
				return number_format_i18n( $percent, $decimals ) . '%';
			case 'days':
				return number_format_i18n( (float) $value, 1 );
			default:
				return number_format_i18n( (int) $value );
		}
	}

	/**
	 * A status's translated label.
	 *
	 * @param string $status Status.
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
	 * A YYYY-MM month as the site formats it.
	 *
	 * @param string $month Month.
	 */
	private static function month_label( string $month ): string {
		$time = strtotime( $month . '-01 00:00:00 UTC' );
		return false === $time ? $month : (string) wp_date( 'M Y', $time, new \DateTimeZone( 'UTC' ) );
	}

	/**
	 * The period as a sentence.
	 *
	 * @param string $period   Period.
	 * @param array  $resolved Resolved.
	 */
	private static function period_text( string $period, array $resolved ): string {
		$from  = (string) ( $resolved['from'] ?? '' );
		$to    = (string) ( $resolved['to'] ?? '' );
		$dates = '';
		if ( '' !== $from && '' !== $to ) {
			$format = get_option( 'date_format' ) ? (string) get_option( 'date_format' ) : 'F j, Y';
			$start  = strtotime( $from . ' 00:00:00 UTC' );
			$end    = strtotime( $to . ' 00:00:00 UTC' );
			$utc    = new \DateTimeZone( 'UTC' ); // Calendar dates: format them without a timezone shift.
			/* translators: 1: start date, 2: end date of a report period. */
			$dates = sprintf( __( '%1$s – %2$s', 'recruiting-reports' ), (string) wp_date( $format, (int) $start, $utc ), (string) wp_date( $format, (int) $end, $utc ) );
		}
		$names = array(
			'last_30_days'   => __( 'Last 30 days', 'recruiting-reports' ),
			'last_90_days'   => __( 'Last 90 days', 'recruiting-reports' ),
			'last_12_months' => __( 'Last 12 months', 'recruiting-reports' ),
			'year_to_date'   => __( 'Year to date', 'recruiting-reports' ),
		);
		if ( isset( $names[ $period ] ) ) {
			/* translators: 1: period name such as "Last 90 days", 2: its dates. */
			return '' === $dates ? $names[ $period ] : sprintf( __( '%1$s (%2$s)', 'recruiting-reports' ), $names[ $period ], $dates );
		}
		return $dates;
	}
}
