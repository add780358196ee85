<?php
/**
 * The report block's HTML, the block's one renderer (the editor previews it through core's block renderer
 * route): heading, period, headline figures with their change against the comparison period, and per
 * section a figure with its data table (what shows without JavaScript) and, where there is something to
 * draw, the chart's spec as JSON for the view script (src/blocks/charts.ts), which only draws it.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Blocks;

defined( 'ABSPATH' ) || exit;

/**
 * The report block's HTML.
 */
final class ReportMarkup {

	/**
	 * Makes element ids unique when a page holds several blocks.
	 *
	 * @var int
	 */
	private static int $instance = 0;

	/**
	 * A report's markup: title, period, figures, charts with their data tables.
	 *
	 * @param array  $attributes Attributes::sanitize() result (core-checked attributes plus sections, dates).
	 * @param array  $data       The report's data (with `comparison` when the block compares).
	 * @param string $job_title  Title of the job the report is restricted to, or ''.
	 * @return string
	 */
	public static function render( array $attributes, array $data, string $job_title ): string {
		++self::$instance;
		$report  = (string) $attributes['report'];
		$against = (string) ( $attributes['compare'] ?? 'none' );
		$earlier = 'none' !== $against && is_array( $data['comparison'] ?? null ) ? $data['comparison'] : null;
		$html    = '';
		if ( ! empty( $attributes['showHeading'] ) ) {
			$html .= '<h2 class="rr-report__title">' . esc_html( ReportContent::title( $report ) ) . '</h2>';
		}
		$period = self::period_text( (string) $attributes['period'], $data['period'] ?? array() );
		$html  .= '<p class="rr-report__period">' . esc_html( '' !== $job_title ? $job_title . ' · ' . $period : $period ) . '</p>';
		if ( $earlier ) {
			$dates = self::dates( $earlier['period'] ?? array() );
			$html .= '<p class="rr-report__compare">' . esc_html(
				'previous_year' === $against
					/* translators: %s: the dates of the comparison period. */
					? sprintf( __( 'Changes against the previous year (%s)', 'recruiting-reports' ), $dates )
					/* translators: %s: the dates of the comparison period. */
					: sprintf( __( 'Changes against the previous period (%s)', 'recruiting-reports' ), $dates )
			) . '</p>';
		}

		foreach ( $attributes['sections'] as $section ) {
			if ( 'figures' === $section ) {
				$html .= self::figures( ReportContent::figures( $report, $data ), $earlier ? ReportContent::figures( $report, $earlier ) : null, $against );
				continue;
			}
			$spec = ReportContent::spec( $report, (string) $section, $data, $attributes, $earlier );
			if ( $spec ) {
				$html .= self::chart( $spec, ReportContent::empty_message( $report, (string) $section, $data ) );
			}
		}
		return $html;
	}

	/**
	 * A notice in place of the report (the editor's preview only: visitors get an empty block).
	 *
	 * @param string   $message What is wrong.
	 * @param string[] $details Details (a list), if any.
	 * @return string
	 */
	public static function notice( string $message, array $details = array() ): string {
		$html = '<div class="rr-report__notice" role="alert"><p>' . esc_html( $message ) . '</p>';
		if ( $details ) {
			$html .= '<ul>';
			foreach ( $details as $detail ) {
				$html .= '<li>' . esc_html( $detail ) . '</li>';
			}
			$html .= '</ul>';
		}
		return $html . '</div>';
	}

	/**
	 * Headline figures as a description list, each with its change when there is an earlier period.
	 *
	 * @param array      $figures ReportContent::figures().
	 * @param array|null $earlier The same figures of the comparison period, or null.
	 * @param string     $against previous_period or previous_year.
	 * @return string
	 */
	private static function figures( array $figures, ?array $earlier, string $against ): string {
		$previous = $earlier ? array_column( $earlier, 'raw', 'id' ) : array();
		$html     = '<dl class="rr-figures" aria-label="' . esc_attr__( 'Headline figures', 'recruiting-reports' ) . '">';
		foreach ( $figures as $figure ) {
			$html .= '<div class="rr-figure" data-figure="' . esc_attr( $figure['id'] ) . '">';
			$html .= '<dt class="rr-figure__label">' . esc_html( $figure['label'] ) . '</dt>';
			$html .= '<dd class="rr-figure__value"' . ( null === $figure['raw'] ? '' : ' data-value="' . esc_attr( self::raw( $figure['raw'] ) ) . '"' ) . '>' . esc_html( $figure['value'] ) . '</dd>';
			// A figure without a value (no hires) has no change either.
			if ( null !== $earlier && null !== $figure['raw'] ) {
				$change = Change::describe( $figure['raw'], $previous[ $figure['id'] ] ?? null, $against );
				$html  .= sprintf(
					'<dd class="rr-figure__change rr-figure__change--%1$s" data-change="%1$s"><span aria-hidden="true">%2$s</span><span class="screen-reader-text">%3$s</span></dd>',
					esc_attr( $change['direction'] ),
					esc_html( $change['shown'] ),
					esc_html( $change['spoken'] )
				);
			}
			if ( ! empty( $figure['note'] ) ) {
				$html .= '<dd class="rr-figure__note">' . esc_html( $figure['note'] ) . '</dd>';
			}
			$html .= '</div>';
		}
		return $html . '</dl>';
	}

	/**
	 * A chart: its figure, the data table, and the spec for the view script.
	 *
	 * @param array  $spec          ReportContent::spec().
	 * @param string $empty_message What shows instead of an empty chart.
	 * @return string
	 */
	private static function chart( array $spec, string $empty_message ): string {
		$id    = 'rr-chart-' . self::$instance . '-' . $spec['id'];
		$drawn = self::drawn( $spec );
		$empty = ! $drawn['labels'];
		$html  = '<figure class="rr-chart" aria-labelledby="' . esc_attr( $id ) . '"' . ( $empty ? '' : ' data-rr-chart="' . esc_attr( $spec['id'] ) . '"' ) . '>';
		$html .= '<figcaption id="' . esc_attr( $id ) . '" class="rr-chart__title">' . esc_html( $spec['title'] ) . '</figcaption>';
		if ( $empty ) {
			$html .= '<p class="rr-chart__empty">' . esc_html( $empty_message ) . '</p>';
		} else {
			/* translators: %s: chart title. */
			$label = sprintf( __( '%s. The numbers are in the data table.', 'recruiting-reports' ), $spec['title'] );
			if ( count( $drawn['labels'] ) < count( $spec['labels'] ) ) {
				/* translators: 1: chart title, 2: how many rows the chart shows. */
				$label = sprintf( __( '%1$s, the first %2$d. Every row is in the data table.', 'recruiting-reports' ), $spec['title'], count( $drawn['labels'] ) );
				/* translators: %d: how many rows the chart shows. */
				$html .= '<p class="rr-chart__note">' . esc_html( sprintf( __( 'The chart shows the first %d; the table lists all.', 'recruiting-reports' ), count( $drawn['labels'] ) ) ) . '</p>';
			}
			// Bars per job or source (a declared row height): as tall as they are many.
			$row_height = (int) ( $spec['rowHeight'] ?? 0 );
			$html      .= sprintf(
				'<div class="rr-chart__canvas" data-label="%s" style="height:%dpx" hidden></div>',
				esc_attr( $label ),
				$row_height ? max( 160, 40 + $row_height * count( $drawn['labels'] ) ) : 240
			);
		}
		$html .= '<details class="rr-chart__data" open><summary>' . esc_html__( 'Data table', 'recruiting-reports' ) . '</summary>' . self::table( $spec ) . '</details>';
		if ( ! $empty ) {
			// JSON_HEX_* keeps "</script>" and quotes in labels (job titles, sources) from ending the element.
			$json  = wp_json_encode( $drawn, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_UNESCAPED_UNICODE );
			$html .= '<script type="application/json" class="rr-chart__spec">' . $json . '</script>';
		}
		return $html . '</figure>';
	}

	/**
	 * What the view script draws: the charted series only, the first `chartLimit` categories; no labels when
	 * there is nothing to draw (every charted value 0).
	 *
	 * @param array $spec Spec.
	 * @return array
	 */
	private static function drawn( array $spec ): array {
		$limit  = $spec['chartLimit'] ?? null;
		$series = array();
		$values = false;
		foreach ( $spec['series'] as $one ) {
			if ( false === ( $one['chart'] ?? true ) ) {
				continue;
			}
			foreach ( array( 'values', 'missing', 'color' ) as $key ) {
				if ( null !== $limit && is_array( $one[ $key ] ?? null ) ) {
					$one[ $key ] = array_slice( $one[ $key ], 0, $limit );
				}
			}
			$values   = $values || array_filter( $one['values'] );
			$series[] = $one;
		}
		unset( $spec['chartLimit'], $spec['rowHeight'] );
		$spec['labels'] = $values ? array_slice( $spec['labels'], 0, $limit ) : array();
		$spec['series'] = $series;
		return $spec;
	}

	/**
	 * A chart's data as an accessible table: every row and series of the spec.
	 *
	 * @param array $spec Spec.
	 * @return string
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
					: '<span aria-hidden="true">—</span><span class="screen-reader-text">' . esc_html( $series['missingText'] ?? '' ) . '</span>';
				$html .= '<td class="rr-table__num" data-value="' . esc_attr( self::raw( $value ) ) . '">' . $shown . '</td>';
			}
			$html .= '</tr>';
		}
		return $html . '</tbody></table></div>';
	}

	/**
	 * The value as the API states it (data-value), e.g. 0.4532, 12.5 or 2025-03-01.
	 *
	 * @param mixed $value Value.
	 * @return string
	 */
	private static function raw( $value ): string {
		if ( is_int( $value ) || is_string( $value ) ) {
			return (string) $value;
		}
		return rtrim( rtrim( sprintf( '%.4F', (float) $value ), '0' ), '.' );
	}

	/**
	 * Counts as integers, days to 1 decimal, rates as a percentage with up to 2 decimals, dates in the site's
	 * date format.
	 *
	 * @param mixed  $value Value.
	 * @param string $unit  count, days, percent or date.
	 * @return string
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
			case 'date':
				return self::date( (string) $value );
			default:
				return number_format_i18n( (int) $value );
		}
	}

	/**
	 * A YYYY-MM-DD calendar date in the site's date format (without a timezone shift).
	 *
	 * @param string $date Date.
	 * @return string
	 */
	private static function date( string $date ): string {
		$time = strtotime( $date . ' 00:00:00 UTC' );
		if ( false === $time ) {
			return $date;
		}
		$format = get_option( 'date_format' ) ? (string) get_option( 'date_format' ) : 'F j, Y';
		return (string) wp_date( $format, $time, new \DateTimeZone( 'UTC' ) );
	}

	/**
	 * A report period's dates, "start – end".
	 *
	 * @param array $resolved The report's `period` (from, to).
	 * @return string
	 */
	public static function dates( array $resolved ): string {
		$from = (string) ( $resolved['from'] ?? '' );
		$to   = (string) ( $resolved['to'] ?? '' );
		if ( '' === $from || '' === $to ) {
			return '';
		}
		/* translators: 1: start date, 2: end date of a report period. */
		return sprintf( __( '%1$s – %2$s', 'recruiting-reports' ), self::date( $from ), self::date( $to ) );
	}

	/**
	 * The period as a sentence.
	 *
	 * @param string $period   The block's period (a preset or custom).
	 * @param array  $resolved The report's `period`.
	 * @return string
	 */
	private static function period_text( string $period, array $resolved ): string {
		$dates = self::dates( $resolved );
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
