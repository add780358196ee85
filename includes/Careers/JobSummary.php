<?php
/**
 * A job's details as candidates read them (department, employment type, place, remote, salary, closing date), as an
 * HTML description list, escaped here, at output. The contact e-mail is never shown: it is for notifications.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Careers;

use RecruitingReports\Data\JobRepository;
use WP_Post;

defined( 'ABSPATH' ) || exit;

/**
 * A job's details for candidates.
 */
final class JobSummary {

	/**
	 * Labels of the employment types the editor offers; other stored values are shown as they are.
	 *
	 * @return array<string,string>
	 */
	public static function employment_type_labels(): array {
		return array(
			'full_time'  => __( 'Full time', 'recruiting-reports' ),
			'part_time'  => __( 'Part time', 'recruiting-reports' ),
			'contract'   => __( 'Contract', 'recruiting-reports' ),
			'temporary'  => __( 'Temporary', 'recruiting-reports' ),
			'internship' => __( 'Internship', 'recruiting-reports' ),
			'volunteer'  => __( 'Volunteer', 'recruiting-reports' ),
			'per_diem'   => __( 'Per diem', 'recruiting-reports' ),
			'other'      => __( 'Other', 'recruiting-reports' ),
		);
	}

	/**
	 * The label of a stored employment type.
	 *
	 * @param string $employment_type As stored.
	 */
	public static function employment_type_label( string $employment_type ): string {
		return self::employment_type_labels()[ $employment_type ] ?? $employment_type;
	}

	/**
	 * Where the job is, in one line: the free-text location, else the address; "Remote" when remote.
	 *
	 * @param WP_Post $post    Job.
	 * @param array   $details JobRepository::details().
	 */
	public static function place( WP_Post $post, array $details ): string {
		$location = (string) get_post_meta( $post->ID, JobRepository::META['location'], true );
		$parts    = array_filter( array( $details['street_address'], trim( $details['postal_code'] . ' ' . $details['city'] ), $details['region'] ), 'strlen' );
		// A remote job whose address is only a country says where applicants may live instead (as its JobPosting does).
		$address = ! $parts && $details['remote'] ? '' : implode( ', ', array_filter( array_merge( $parts, array( $details['country'] ) ), 'strlen' ) );
		$place   = '' !== $location ? $location : $address;
		if ( ! $details['remote'] ) {
			return $place;
		}
		$places = $details['applicant_locations'] ? $details['applicant_locations'] : array_filter( array( $details['country'] ), 'strlen' );
		$remote = $places
			/* translators: %s: countries or regions, comma-separated. */
			? sprintf( __( 'Remote (applicants in %s)', 'recruiting-reports' ), implode( ', ', $places ) )
			: __( 'Remote', 'recruiting-reports' );
		/* translators: 1: where the workplace is, 2: "Remote" with where applicants may live. */
		return '' === $place ? $remote : sprintf( __( '%1$s or %2$s', 'recruiting-reports' ), $place, $remote );
	}

	/**
	 * The salary range in words, such as "40,000–50,000 EUR per year", or '' for none.
	 *
	 * @param array|null $salary JobRepository::details()['salary'].
	 */
	public static function salary( ?array $salary ): string {
		if ( null === $salary ) {
			return '';
		}
		$amount = static fn( ?float $value ) => null === $value ? '' : number_format_i18n( $value, floor( $value ) === $value ? 0 : 2 );
		if ( null !== $salary['min'] && null !== $salary['max'] && $salary['min'] !== $salary['max'] ) {
			$range = $amount( $salary['min'] ) . '–' . $amount( $salary['max'] );
		} elseif ( null !== $salary['max'] && null === $salary['min'] ) {
			/* translators: %s: the highest amount. */
			$range = sprintf( __( 'up to %s', 'recruiting-reports' ), $amount( $salary['max'] ) );
		} else {
			$range = $amount( $salary['min'] ?? $salary['max'] );
		}
		$units = array(
			/* translators: 1: amount or range, 2: currency code. */
			'hour'  => __( '%1$s %2$s per hour', 'recruiting-reports' ),
			/* translators: 1: amount or range, 2: currency code. */
			'day'   => __( '%1$s %2$s per day', 'recruiting-reports' ),
			/* translators: 1: amount or range, 2: currency code. */
			'week'  => __( '%1$s %2$s per week', 'recruiting-reports' ),
			/* translators: 1: amount or range, 2: currency code. */
			'month' => __( '%1$s %2$s per month', 'recruiting-reports' ),
			/* translators: 1: amount or range, 2: currency code. */
			'year'  => __( '%1$s %2$s per year', 'recruiting-reports' ),
		);
		return sprintf( $units[ $salary['unit'] ] ?? $units['year'], $range, $salary['currency'] );
	}

	/**
	 * The details as a description list (nothing when the job has none).
	 *
	 * @param WP_Post $post    Job.
	 * @param array   $details JobRepository::details().
	 * @return string HTML.
	 */
	public static function render( WP_Post $post, array $details ): string {
		$rows = array(
			__( 'Department', 'recruiting-reports' )      => (string) get_post_meta( $post->ID, JobRepository::META['department'], true ),
			__( 'Employment type', 'recruiting-reports' ) => self::employment_type_label( (string) get_post_meta( $post->ID, JobRepository::META['employment_type'], true ) ),
			__( 'Location', 'recruiting-reports' )        => self::place( $post, $details ),
			__( 'Salary', 'recruiting-reports' )          => self::salary( $details['salary'] ),
			__( 'Apply by', 'recruiting-reports' )        => null === $details['valid_through'] ? '' : wp_date( get_option( 'date_format' ), $details['valid_through'] ),
		);
		$html = '';
		foreach ( array_filter( $rows, 'strlen' ) as $label => $value ) {
			$html .= sprintf( '<div><dt>%s</dt><dd>%s</dd></div>', esc_html( $label ), esc_html( $value ) );
		}
		if ( '' === $html ) {
			return '';
		}
		return sprintf(
			'<section class="recruiting-job-details" aria-labelledby="recruiting-job-details-%1$d"><h2 id="recruiting-job-details-%1$d">%2$s</h2><dl>%3$s</dl></section>',
			(int) $post->ID,
			esc_html__( 'Job details', 'recruiting-reports' ),
			$html
		);
	}
}
