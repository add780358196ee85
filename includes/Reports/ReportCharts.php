<?php
/**
 * A report's charts as its definition declares them, and the chart spec (the JSON shape of
 * src/components/charts/spec.ts) one of them gives for a report's data. A declaration is plain data, served to the
 * screens with the report's figures (ReportRegistry::presentation()): the block (Blocks\ReportContent) and the
 * Reports page and dashboard widget (src/reports/charts.ts) draw the same declarations, so a chart's title, labels,
 * colours, order and empty text are written once. docs/reports.md "Charts" describes the shape.
 *
 * - categories over an object's keys (keyed()): one category per key, in the declared order, each series' value at
 *   `<series value>.<key>`;
 * - categories over rows (over_rows()): one category per row of an array field, labelled by a field of the row
 *   (optionally through a map of labels, or as a month), each series' value the row's `<series value>` field.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * Chart declarations and their specs.
 */
final class ReportCharts {

	/** The kinds of chart a declaration may name. */
	public const KINDS = array( 'bar', 'line', 'doughnut' );

	/** How many categories a chart of jobs or sources draws, the first (largest) ones; its table lists all. */
	public const LIMIT = 10;

	/** The units of a series: count, days, percent; date for text shown only in the data table. */
	public const UNITS = array( 'count', 'days', 'percent', 'date' );

	/**
	 * A chart whose categories are an object's keys.
	 *
	 * @param string               $id       Id: the block section, the CSV section and the chart's data-chart.
	 * @param string               $title    Translated title.
	 * @param string               $category Translated header of the category column.
	 * @param array<string,string> $labels   Category key => translated label, in order.
	 * @param array[]              $series   Series (series()), whose value is the object's path.
	 * @param array<string,mixed>  $options  kind, kinds, horizontal, empty, limit, row_height, overlay (see chart()).
	 */
	public static function keyed( string $id, string $title, string $category, array $labels, array $series, array $options = array() ): array {
		$categories = array(
			'keys'   => array_keys( $labels ),
			'labels' => (object) $labels,
		);
		return self::chart( $id, $title, $category, $categories, $series, $options );
	}

	/**
	 * A chart with a category per row of an array field.
	 *
	 * @param string              $id       Id.
	 * @param string              $title    Translated title.
	 * @param string              $category Translated header of the category column.
	 * @param string              $rows     Path of the rows.
	 * @param string              $field    The row field naming the category (and choosing per-category colours).
	 * @param array[]             $series   Series (series()), whose value is a row field.
	 * @param array<string,mixed> $options  As keyed(), plus labels (field value => translated label) or
	 *                                      format 'month' (a YYYY-MM field shown as the site's month), and
	 *                                      detail (detail()): a second field the label names, for rows whose
	 *                                      first field repeats (a job per stage, a reason per status).
	 */
	public static function over_rows( string $id, string $title, string $category, string $rows, string $field, array $series, array $options = array() ): array {
		$categories = array(
			'rows'  => $rows,
			'field' => $field,
		);
		if ( isset( $options['labels'] ) ) {
			$categories['labels'] = (object) $options['labels'];
		}
		if ( isset( $options['format'] ) ) {
			$categories['format'] = $options['format'];
		}
		if ( isset( $options['detail'] ) ) {
			$categories['detail'] = $options['detail'];
		}
		unset( $options['labels'], $options['format'], $options['detail'] );
		return self::chart( $id, $title, $category, $categories, $series, $options );
	}

	/**
	 * A trend: a category per row of the report's `trend` (one per calendar month, field `month`), a line the block
	 * may draw as bars (its attribute trendChart), with the comparison period drawn over it.
	 *
	 * @param string  $title  Translated title.
	 * @param array[] $series Series over the rows' fields.
	 * @param array   $empty  What it says with nothing to draw (empty_text()).
	 */
	public static function monthly( string $title, array $series, array $empty ): array {
		return self::over_rows(
			'trend',
			$title,
			__( 'Month', 'recruiting-reports' ),
			'trend',
			'month',
			$series,
			array(
				'format'         => 'month',
				'kind'           => 'line',
				'kinds'          => array( 'line', 'bar' ),
				'kind_attribute' => 'trendChart',
				'overlay'        => ReportPalette::GRAY,
				'empty'          => $empty,
				'section'        => __( 'Trend by month', 'recruiting-reports' ),
			)
		);
	}

	/**
	 * A series.
	 *
	 * @param string              $label   Translated label (the data table's column, the chart's legend).
	 * @param string              $value   Where its values are: a row field, or the object's path (keyed()).
	 * @param string              $unit    count, days, percent, date.
	 * @param string|array        $color   A ReportPalette colour, or category key => colour.
	 * @param array<string,mixed> $options chart (false: only in the data table); missing: which points have no
	 *                                     data (missing_where(), missing_without()).
	 */
	public static function series( string $label, string $value, string $unit, $color, array $options = array() ): array {
		return array(
			'label' => $label,
			'value' => $value,
			'unit'  => $unit,
			'color' => is_array( $color ) ? (object) $color : $color,
		) + $options;
	}

	/**
	 * Points without data where a row's field is 0 (a month without hires): drawn as gaps, and in the data table
	 * "—" with the text for screen readers, never the API's 0, which would read as a result.
	 *
	 * @param string $field The row field counting what the value is over.
	 * @param string $text  Translated text read instead of the value.
	 */
	public static function missing_where( string $field, string $text ): array {
		return array(
			'field' => $field,
			'text'  => $text,
		);
	}

	/**
	 * Every point without data when a count is 0 (days between stages without hires).
	 *
	 * @param string|array $count Value expression.
	 * @param string       $text  Translated text read instead of a value.
	 */
	public static function missing_without( $count, string $text ): array {
		return array(
			'count' => $count,
			'text'  => $text,
		);
	}

	/**
	 * A second field in the label of a category over rows: "<label> (<detail>)", e.g. "Designer (Screening)".
	 *
	 * @param string               $field  The row field.
	 * @param array<string,string> $labels Its value => translated label.
	 */
	public static function detail( string $field, array $labels ): array {
		return array(
			'field'  => $field,
			'labels' => (object) $labels,
			/* translators: A chart category naming two things: 1: e.g. a job title or a reason; 2: e.g. a stage or a status. */
			'format' => __( '%1$s (%2$s)', 'recruiting-reports' ),
		);
	}

	/**
	 * What a chart without anything to draw says: `text`, or with a count (a value expression), `text` when the
	 * count is 0 and `otherwise` when there is a count but every value is 0.
	 *
	 * @param string            $text  Translated text.
	 * @param string|array|null $count Value expression of what the chart is over.
	 */
	public static function empty_text( string $text, $count = null ): array {
		$empty = array( 'text' => $text );
		if ( null !== $count ) {
			$empty['count']     = $count;
			$empty['otherwise'] = __( 'Nothing to chart for this period.', 'recruiting-reports' );
		}
		return $empty;
	}

	/**
	 * The translated labels of the application statuses (Domain\Pipeline::STATUSES), in pipeline order.
	 *
	 * @return array<string,string>
	 */
	public static function status_labels(): array {
		return array(
			'new'       => __( 'New', 'recruiting-reports' ),
			'screening' => __( 'Screening', 'recruiting-reports' ),
			'interview' => __( 'Interview', 'recruiting-reports' ),
			'offer'     => __( 'Offer', 'recruiting-reports' ),
			'hired'     => __( 'Hired', 'recruiting-reports' ),
			'rejected'  => __( 'Rejected', 'recruiting-reports' ),
			'withdrawn' => __( 'Withdrawn', 'recruiting-reports' ),
		);
	}

	/**
	 * The chart spec of a declaration for a report's data.
	 *
	 * @param array       $chart The declaration.
	 * @param array       $data  The report's data.
	 * @param string|null $kind  A kind the declaration offers (`kinds`) instead of its own, e.g. the block's choice.
	 * @param callable    $month fn( string $yyyy_mm ): string — a month as the screen shows it.
	 */
	public static function spec( array $chart, array $data, ?string $kind, callable $month ): array {
		$kind       = in_array( $kind, $chart['kinds'] ?? array(), true ) ? $kind : $chart['kind'];
		$categories = self::categories( $chart['categories'], $data );
		$spec       = array(
			'id'            => $chart['id'],
			'kind'          => $kind,
			'horizontal'    => 'bar' === $kind && ! empty( $chart['horizontal'] ),
			'title'         => $chart['title'],
			'categoryLabel' => $chart['category'],
			'labels'        => array_map( static fn( $category ) => self::label( $chart['categories'], $category, $month ), $categories ),
			'series'        => array(),
		);
		foreach ( $chart['series'] as $series ) {
			$spec['series'][] = self::series_spec( $series, $categories, $data );
		}
		return $spec;
	}

	/**
	 * What the declaration says when its spec has nothing to draw.
	 *
	 * @param array $chart The declaration.
	 * @param array $data  The report's data.
	 */
	public static function empty_message( array $chart, array $data ): string {
		$empty = $chart['empty'];
		if ( isset( $empty['count'] ) && ReportFigures::value( $empty['count'], $data ) > 0 ) {
			return (string) $empty['otherwise'];
		}
		return (string) $empty['text'];
	}

	/**
	 * A declaration.
	 *
	 * @param string  $id         Id.
	 * @param string  $title      Title.
	 * @param string  $category   Category header.
	 * @param array   $categories keys+labels, or rows+field (+labels, format).
	 * @param array[] $series     Series.
	 * @param array   $options    kind (bar by default), kinds (the others the block may pick, with kind_attribute
	 *                            naming its attribute), horizontal (bars left to right), empty (empty_text()), limit
	 *                            (how many categories the chart draws, the largest first; the table lists all),
	 *                            row_height (px per drawn category for charts as tall as they are many), overlay
	 *                            (the colour of the comparison period's series drawn over a trend), section (its
	 *                            label among the block's sections; the title when left out), wide (the Reports
	 *                            page draws it alone on its row, across the page: a table of many columns).
	 */
	private static function chart( string $id, string $title, string $category, array $categories, array $series, array $options ): array {
		return array(
			'id'         => $id,
			'title'      => $title,
			'section'    => $options['section'] ?? $title,
			'category'   => $category,
			'categories' => $categories,
			'series'     => $series,
		) + $options + array(
			'kind'  => 'bar',
			'empty' => self::empty_text( __( 'No applications in this period.', 'recruiting-reports' ) ),
		);
	}

	/**
	 * The categories of a declaration in a report: each with its key and, over rows, its row.
	 *
	 * @param array $categories The declaration's categories.
	 * @param array $data       The report's data.
	 * @return array<int,array{key:string,row:array}>
	 */
	private static function categories( array $categories, array $data ): array {
		if ( isset( $categories['keys'] ) ) {
			return array_map(
				static fn( $key ) => array(
					'key' => (string) $key,
					'row' => array(),
				),
				$categories['keys']
			);
		}
		return array_map(
			static fn( $row ) => array(
				'key' => (string) ( $row[ $categories['field'] ] ?? '' ),
				'row' => $row,
			),
			ReportFigures::rows( (string) $categories['rows'], $data )
		);
	}

	/**
	 * A category's label.
	 *
	 * @param array    $categories The declaration's categories.
	 * @param array    $category   The category: its key and, over rows, its row.
	 * @param callable $month      Month formatter.
	 */
	private static function label( array $categories, array $category, callable $month ): string {
		$key = $category['key'];
		if ( 'month' === ( $categories['format'] ?? '' ) ) {
			return (string) $month( $key );
		}
		$labels = (array) ( $categories['labels'] ?? array() );
		$label  = (string) ( $labels[ $key ] ?? $key );
		if ( isset( $categories['detail'] ) ) {
			$detail = (string) ( $category['row'][ $categories['detail']['field'] ] ?? '' );
			$names  = (array) $categories['detail']['labels'];
			return sprintf( (string) $categories['detail']['format'], $label, (string) ( $names[ $detail ] ?? $detail ) );
		}
		return $label;
	}

	/**
	 * A series' spec: its values, colours and points without data over the categories.
	 *
	 * @param array $series     The series' declaration.
	 * @param array $categories categories().
	 * @param array $data       The report's data.
	 */
	private static function series_spec( array $series, array $categories, array $data ): array {
		$value   = static fn( $category ) => $category['row']
			? ( $category['row'][ $series['value'] ] ?? null )
			: ReportFigures::value_at( $series['value'] . '.' . $category['key'], $data );
		$colors  = is_object( $series['color'] ) ? (array) $series['color'] : null;
		$spec    = array(
			'label'  => $series['label'],
			'values' => array_map( static fn( $category ) => self::typed( $value( $category ), $series['unit'] ), $categories ),
			'unit'   => $series['unit'],
			'color'  => null === $colors ? $series['color'] : array_map( static fn( $category ) => $colors[ $category['key'] ] ?? ReportPalette::BLUE, $categories ),
		);
		$missing = $series['missing'] ?? null;
		if ( isset( $missing['text'] ) ) {
			$spec['missingText'] = $missing['text'];
		}
		if ( isset( $missing['field'] ) ) {
			$spec['missing'] = array_map( static fn( $category ) => 0 === (int) ( $category['row'][ $missing['field'] ] ?? 0 ), $categories );
		} elseif ( isset( $missing['count'] ) ) {
			$spec['missing'] = array_fill( 0, count( $categories ), ReportFigures::value( $missing['count'], $data ) <= 0 );
		}
		if ( false === ( $series['chart'] ?? true ) ) {
			$spec['chart'] = false;
		}
		return $spec;
	}

	/**
	 * A value as its unit is typed in a spec: counts integers, dates text, the rest numbers.
	 *
	 * @param mixed  $value Value.
	 * @param string $unit  Unit.
	 * @return int|float|string
	 */
	private static function typed( $value, string $unit ) {
		if ( 'date' === $unit ) {
			return (string) $value;
		}
		return 'count' === $unit ? (int) $value : (float) $value;
	}
}
