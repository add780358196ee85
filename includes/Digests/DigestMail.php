<?php
/**
 * A digest as an e-mail: HTML that mail clients render (tables, inline CSS, no scripts, no images — the bars are
 * table cells with a width and a background colour) and the same content as plain text; every text translatable and
 * every value escaped. Each figure carries data-figure / data-value attributes (and the text part one line per
 * figure), so a reader can check the numbers against the reports.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Digests;

use RecruitingReports\Reports\ReportRegistry;

defined( 'ABSPATH' ) || exit;

/**
 * Renders digests.
 */
final class DigestMail {

	private const FONT = 'font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;';

	/**
	 * The subject.
	 *
	 * @param array $content DigestContent::build().
	 */
	public static function subject( array $content ): string {
		return sprintf(
			/* translators: 1: site name, 2: first day, 3: last day of the period. */
			__( '[%1$s] Recruiting digest %2$s – %3$s', 'recruiting-reports' ),
			wp_specialchars_decode( get_bloginfo( 'name' ), ENT_QUOTES ),
			self::date( $content['period']['from'] ),
			self::date( $content['period']['to'] )
		);
	}

	/**
	 * A figure's value as shown ("12", "45.5%", "3.2 days"), or its note when there is none.
	 *
	 * @param array      $figure A figure of DigestContent.
	 * @param float|null $value  The value.
	 */
	private static function value( array $figure, $value ): string {
		if ( null === $value ) {
			return '' !== ( $figure['empty'] ?? '' ) ? $figure['empty'] : '–';
		}
		return match ( $figure['format'] ?? 'count' ) {
			'percent' => number_format_i18n( $value * 100, 1 ) . '%',
			/* translators: %s: number of days. */
			'days'    => sprintf( __( '%s days', 'recruiting-reports' ), number_format_i18n( $value, 1 ) ),
			default   => number_format_i18n( $value ),
		};
	}

	/**
	 * The change against the previous period ("+3", "−2.5%", "no change"), or '' when either value is missing.
	 *
	 * @param array $figure A figure of DigestContent.
	 */
	private static function change( array $figure ): string {
		if ( null === $figure['value'] || null === $figure['previous'] ) {
			return '';
		}
		$difference = round( $figure['value'] - $figure['previous'], 4 );
		if ( 0.0 === (float) $difference ) {
			return __( 'no change', 'recruiting-reports' );
		}
		$shown = self::value( $figure, abs( $difference ) );
		return ( $difference > 0 ? '+' : '−' ) . ( 'percent' === $figure['format'] ? rtrim( $shown, '%' ) . ' ' . __( 'points', 'recruiting-reports' ) : $shown );
	}

	/**
	 * The plain-text part.
	 *
	 * @param array  $content     DigestContent::build().
	 * @param string $unsubscribe The signed unsubscribe link.
	 * @param string $profile     The profile page (to change the subscription).
	 */
	public static function text( array $content, string $unsubscribe, string $profile ): string {
		$lines  = array( self::heading( $content ) );
		$report = '';
		foreach ( $content['figures'] as $figure ) {
			if ( $figure['report'] !== $report ) {
				$report  = $figure['report'];
				$lines[] = '';
				$lines[] = self::report_title( $report );
			}
			$lines[] = self::figure_line( $figure );
			$lines[] = '  ' . $figure['url'];
		}
		$lines[] = '';
		$lines[] = __( 'Pipeline', 'recruiting-reports' );
		$lines[] = self::figure_line( array( 'label' => __( 'Offers pending', 'recruiting-reports' ), 'format' => 'count', 'value' => $content['offers_pending']['value'], 'previous' => null ) );
		$lines[] = '  ' . $content['offers_pending']['url'];
		$lines[] = self::figure_line( array( 'label' => __( 'Hires in the period', 'recruiting-reports' ) ) + $content['hires'] );
		$lines[] = '  ' . $content['hires']['list_url'];
		if ( $content['stale']['value'] > 0 ) {
			$lines[] = self::figure_line( self::stale_figure( $content ) );
			$lines[] = '  ' . $content['stale']['url'];
		}
		$lines[] = '';
		$lines[] = __( 'New applications by job', 'recruiting-reports' );
		if ( ! $content['jobs'] ) {
			$lines[] = '  ' . __( 'None in this period.', 'recruiting-reports' );
		}
		foreach ( $content['jobs'] as $job ) {
			$lines[] = sprintf( '- %s: %s', $job['title'], number_format_i18n( $job['value'] ) );
			$lines[] = '  ' . $job['url'];
		}
		$lines[] = '';
		$lines[] = '-- ';
		/* translators: %s: URL of the user's profile. */
		$lines[] = sprintf( __( 'Change what you receive: %s', 'recruiting-reports' ), $profile );
		/* translators: %s: unsubscribe URL. */
		$lines[] = sprintf( __( 'Unsubscribe: %s', 'recruiting-reports' ), $unsubscribe );
		return implode( "\n", $lines ) . "\n";
	}

	/**
	 * The HTML part.
	 *
	 * @param array  $content     DigestContent::build().
	 * @param string $unsubscribe The signed unsubscribe link.
	 * @param string $profile     The profile page.
	 */
	public static function html( array $content, string $unsubscribe, string $profile ): string {
		$rows   = '';
		$report = '';
		foreach ( $content['figures'] as $figure ) {
			if ( $figure['report'] !== $report ) {
				$report = $figure['report'];
				$rows  .= '<tr><th colspan="3" align="left" style="padding:14px 12px 4px;' . self::FONT . 'font-size:13px;color:#50575e;text-transform:uppercase;letter-spacing:.04em;">' . esc_html( self::report_title( $report ) ) . '</th></tr>';
			}
			$rows .= self::figure_row( $figure['report'] . '.' . $figure['id'], $figure, $figure['url'] );
		}
		$rows .= '<tr><th colspan="3" align="left" style="padding:14px 12px 4px;' . self::FONT . 'font-size:13px;color:#50575e;text-transform:uppercase;letter-spacing:.04em;">' . esc_html__( 'Pipeline', 'recruiting-reports' ) . '</th></tr>';
		$rows .= self::figure_row( 'offers_pending', array( 'label' => __( 'Offers pending', 'recruiting-reports' ), 'format' => 'count', 'previous' => null, 'value' => $content['offers_pending']['value'] ), $content['offers_pending']['url'] );
		$rows .= self::figure_row( 'hires', array( 'label' => __( 'Hires in the period', 'recruiting-reports' ) ) + $content['hires'], $content['hires']['list_url'] );
		if ( $content['stale']['value'] > 0 ) {
			$rows .= self::figure_row( 'stale', self::stale_figure( $content ), $content['stale']['url'] );
		}
		$cell = 'style="padding:8px 12px;border-bottom:1px solid #e0e0e0;' . self::FONT . 'font-size:14px;color:#1e1e1e;"';
		$html = '<!DOCTYPE html><html lang="' . esc_attr( get_bloginfo( 'language' ) ) . '"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>' . esc_html( self::subject( $content ) ) . '</title></head>'
			. '<body style="margin:0;padding:0;background:#f0f0f1;">'
			. '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f0f0f1;"><tr><td align="center" style="padding:16px 8px;">'
			. '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:4px;">'
			. '<tr><td style="padding:20px 16px 8px;' . self::FONT . '"><h1 style="margin:0;font-size:20px;line-height:1.3;color:#1e1e1e;">' . esc_html__( 'Recruiting digest', 'recruiting-reports' ) . '</h1>'
			. '<p style="margin:4px 0 0;font-size:14px;color:#50575e;">' . esc_html( self::heading( $content ) ) . '</p></td></tr>'
			. '<tr><td style="padding:8px 4px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">' . $rows . '</table></td></tr>'
			. '<tr><td style="padding:16px 16px 4px;' . self::FONT . '"><h2 style="margin:0;font-size:16px;color:#1e1e1e;">' . esc_html__( 'New applications by job', 'recruiting-reports' ) . '</h2></td></tr>'
			. '<tr><td style="padding:4px 4px 16px;">' . self::jobs_table( $content['jobs'], $cell ) . '</td></tr>'
			. '<tr><td style="padding:12px 16px 20px;border-top:1px solid #e0e0e0;' . self::FONT . 'font-size:12px;color:#50575e;">'
			. '<a href="' . esc_url( $profile ) . '" style="color:#2271b1;">' . esc_html__( 'Change what you receive', 'recruiting-reports' ) . '</a> · '
			. '<a href="' . esc_url( $unsubscribe ) . '" style="color:#2271b1;">' . esc_html__( 'Unsubscribe', 'recruiting-reports' ) . '</a></td></tr>'
			. '</table></td></tr></table></body></html>';
		return $html;
	}

	/**
	 * The stale candidates as a figure (shown only when there are any: "0 stale" is no news).
	 *
	 * @param array $content DigestContent::build().
	 */
	private static function stale_figure( array $content ): array {
		return array(
			'label'    => __( 'Stale candidates now', 'recruiting-reports' ),
			'format'   => 'count',
			'previous' => null,
			'value'    => $content['stale']['value'],
		);
	}

	/**
	 * One figure as a table row: label, value (a link to its drill-down), change.
	 *
	 * @param string $key    data-figure.
	 * @param array  $figure label, format, value, previous, empty.
	 * @param string $url    Drill-down.
	 */
	private static function figure_row( string $key, array $figure, string $url ): string {
		$change = self::change( $figure );
		$colour = str_starts_with( $change, '+' ) ? '#00a32a' : ( str_starts_with( $change, '−' ) ? '#d63638' : '#50575e' );
		$cell   = 'padding:8px 12px;border-bottom:1px solid #e0e0e0;' . self::FONT . 'font-size:14px;';
		return '<tr data-figure="' . esc_attr( $key ) . '" data-value="' . esc_attr( null === $figure['value'] ? '' : (string) $figure['value'] ) . '">'
			. '<td style="' . $cell . 'color:#1e1e1e;">' . esc_html( $figure['label'] ) . '</td>'
			. '<td style="' . $cell . 'text-align:right;white-space:nowrap;"><a href="' . esc_url( $url ) . '" style="color:#2271b1;font-weight:600;text-decoration:none;">' . esc_html( self::value( $figure, $figure['value'] ) ) . '</a></td>'
			. '<td style="' . $cell . 'text-align:right;white-space:nowrap;color:' . $colour . ';">' . esc_html( $change ) . '</td></tr>';
	}

	/**
	 * New applications by job with bars (a cell whose width is the share of the largest count).
	 *
	 * @param array[] $jobs DigestContent jobs.
	 * @param string  $cell The cells' style attribute.
	 */
	private static function jobs_table( array $jobs, string $cell ): string {
		if ( ! $jobs ) {
			return '<p style="margin:0;padding:0 12px;' . self::FONT . 'font-size:14px;color:#50575e;">' . esc_html__( 'None in this period.', 'recruiting-reports' ) . '</p>';
		}
		$max  = max( array_column( $jobs, 'value' ) );
		$rows = '';
		foreach ( $jobs as $job ) {
			$width = max( 2, (int) round( 100 * $job['value'] / $max ) );
			$bar   = '<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td width="' . $width . '%" style="background:#2271b1;height:10px;font-size:0;line-height:0;">&nbsp;</td>'
				. ( $width < 100 ? '<td style="font-size:0;line-height:0;">&nbsp;</td>' : '' ) . '</tr></table>';
			$rows .= '<tr data-job="' . esc_attr( (string) $job['job_id'] ) . '" data-value="' . esc_attr( (string) $job['value'] ) . '">'
				. '<td ' . $cell . '><a href="' . esc_url( $job['url'] ) . '" style="color:#2271b1;text-decoration:none;">' . esc_html( $job['title'] ) . '</a></td>'
				. '<td ' . $cell . ' width="40%">' . $bar . '</td>'
				. '<td ' . $cell . ' align="right">' . esc_html( number_format_i18n( $job['value'] ) ) . '</td></tr>';
		}
		return '<table role="presentation" width="100%" cellpadding="0" cellspacing="0">' . $rows . '</table>';
	}

	/**
	 * "Label: value (previous period: x, +y)".
	 *
	 * @param array $figure label, format, value, previous, empty.
	 */
	private static function figure_line( array $figure ): string {
		$line = $figure['label'] . ': ' . self::value( $figure, $figure['value'] );
		if ( null !== $figure['previous'] ) {
			/* translators: 1: the previous period's value, 2: the change. */
			$line .= ' ' . sprintf( __( '(previous period: %1$s, %2$s)', 'recruiting-reports' ), self::value( $figure, $figure['previous'] ), self::change( $figure ) ?: '–' );
		}
		return $line;
	}

	/**
	 * "1 Nov 2026 – 7 Nov 2026, compared with 25 Oct 2026 – 31 Oct 2026".
	 *
	 * @param array $content DigestContent::build().
	 */
	private static function heading( array $content ): string {
		return sprintf(
			/* translators: 1, 2: first and last day of the period; 3, 4: of the previous period. */
			__( '%1$s – %2$s, compared with %3$s – %4$s', 'recruiting-reports' ),
			self::date( $content['period']['from'] ),
			self::date( $content['period']['to'] ),
			self::date( $content['previous']['from'] ),
			self::date( $content['previous']['to'] )
		);
	}

	/**
	 * A report's title (its name when another plugin removed it meanwhile).
	 *
	 * @param string $report Report name.
	 */
	private static function report_title( string $report ): string {
		$definition = ReportRegistry::get( $report );
		return $definition ? $definition->title : $report;
	}

	/**
	 * A site date in the site's date format.
	 *
	 * @param string $day YYYY-MM-DD.
	 */
	private static function date( string $day ): string {
		return wp_date( get_option( 'date_format' ), ( new \DateTimeImmutable( $day . ' 12:00', wp_timezone() ) )->getTimestamp() );
	}
}
