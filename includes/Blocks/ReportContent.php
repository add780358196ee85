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

use RecruitingReports\Reports\ReportCharts;
use RecruitingReports\Reports\ReportFigures;
use RecruitingReports\Reports\ReportRegistry;

defined( 'ABSPATH' ) || exit;

/**
 * What each report of the block shows.
 */
final class ReportContent {

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
	 * The chart spec of one section of a report as its definition declares it, or null for a section the report
	 * does not have; a trend of a comparing block with the earlier period's months overlaid.
	 *
	 * @param string     $report     Report name.
	 * @param string     $section    Section id (a chart's id).
	 * @param array      $data       The report's data.
	 * @param array      $attributes The block's attributes (the kind of chart a declaration lets it pick).
	 * @param array|null $earlier    The comparison period's data, or null.
	 * @return array|null
	 */
	public static function spec( string $report, string $section, array $data, array $attributes, ?array $earlier = null ): ?array {
		$chart = self::chart( $report, $section );
		if ( null === $chart ) {
			return null;
		}
		$kind = isset( $chart['kind_attribute'] ) ? (string) ( $attributes[ $chart['kind_attribute'] ] ?? '' ) : null;
		$spec = ReportCharts::spec( $chart, $data, $kind, array( self::class, 'month_label' ) );
		if ( isset( $chart['limit'] ) ) {
			$spec['chartLimit'] = (int) $chart['limit'];
		}
		if ( isset( $chart['row_height'] ) ) {
			$spec['rowHeight'] = (int) $chart['row_height'];
		}
		if ( null !== $earlier && isset( $chart['overlay'] ) ) {
			$earlier_spec = ReportCharts::spec( $chart, $earlier, $kind, array( self::class, 'month_label' ) );
			$spec         = self::overlay_earlier( $spec, $earlier_spec, ReportMarkup::dates( $earlier['period'] ?? array() ), (string) $chart['overlay'] );
		}
		return $spec;
	}

	/**
	 * What a section's chart says when there is nothing to draw.
	 *
	 * @param string $report  Report name.
	 * @param string $section Section id.
	 * @param array  $data    The report's data.
	 */
	public static function empty_message( string $report, string $section, array $data ): string {
		$chart = self::chart( $report, $section );
		return null === $chart ? '' : ReportCharts::empty_message( $chart, $data );
	}

	/**
	 * A chart's declaration, or null.
	 *
	 * @param string $report  Report name.
	 * @param string $section Section id.
	 */
	private static function chart( string $report, string $section ): ?array {
		foreach ( ReportRegistry::get( $report )->charts ?? array() as $chart ) {
			if ( $chart['id'] === $section ) {
				return $chart;
			}
		}
		return null;
	}

	/**
	 * A trend with the comparison period's months overlaid (docs/reports.md#comparison "can overlay the earlier trend"), as the
	 * Reports page draws it: month n of the earlier period beside month n of the current one (a shorter earlier
	 * period is padded with points without data, a longer one cut), its series named with its dates, grey and
	 * dashed (`earlier`), and its columns after the current ones in the data table.
	 *
	 * @param array  $spec    The current period's spec.
	 * @param array  $earlier The same spec from the comparison report.
	 * @param string $dates   The comparison period's dates.
	 * @param string $color   The earlier series' colour.
	 * @return array
	 */
	private static function overlay_earlier( array $spec, array $earlier, string $dates, string $color ): array {
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
			$series['color']   = $color;
			$series['earlier'] = true;
			$spec['series'][]  = $series;
		}
		return $spec;
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
			/* translators: %s: a number of days, always with one decimal (12.5, 1.0, 0.0): use the form that goes with a decimal number. */
			'value' => sprintf( __( '%s days', 'recruiting-reports' ), ReportMarkup::format( $days, 'days' ) ),
			'raw'   => $days,
		);
	}

	/**
	 * A YYYY-MM month as the site formats it.
	 *
	 * @param string $month Month.
	 * @return string
	 */
	public static function month_label( string $month ): string {
		$time = strtotime( $month . '-01 00:00:00 UTC' );
		return false === $time ? $month : (string) wp_date( 'M Y', $time, new \DateTimeZone( 'UTC' ) );
	}
}
