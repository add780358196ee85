<?php
/**
 * The "Job details" box of the classic job editor: department, location, employment type, the address, remote and
 * where remote applicants may live, the salary range, the closing date and the contact e-mail. It saves through the
 * same rules as the API (Domain\JobDetails), before WordPress updates the post, so the `job.updated` webhook that
 * update sends already carries the new details. A value the rules refuse is not saved; the editor says why.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Admin;

use RecruitingReports\Careers\JobSummary;
use RecruitingReports\Data\JobRepository;
use RecruitingReports\Domain\Iso8601;
use RecruitingReports\Domain\JobDetails;
use RecruitingReports\Domain\JobPostType;
use RecruitingReports\Domain\TextFields;
use WP_Post;

defined( 'ABSPATH' ) || exit;

/**
 * The job editor's details box.
 */
final class JobDetailsBox {

	private const NONCE = 'recruiting_job_details_nonce';

	/** Field name prefix in the form. */
	private const FORM = 'recruiting_job';

	/** Hooks the box, its saving and the notice of refused values. */
	public static function register(): void {
		add_action( 'add_meta_boxes_' . JobPostType::POST_TYPE, array( self::class, 'add_box' ) );
		add_action( 'pre_post_update', array( self::class, 'save' ) );
		add_action( 'admin_notices', array( self::class, 'refused_notice' ) );
	}

	/** Adds the box below the description. */
	public static function add_box(): void {
		add_meta_box( 'recruiting-job-details', __( 'Job details', 'recruiting-reports' ), array( self::class, 'render' ), JobPostType::POST_TYPE, 'normal', 'high' );
	}

	/**
	 * The box.
	 *
	 * @param WP_Post $post The job being edited.
	 */
	public static function render( WP_Post $post ): void {
		$job = JobRepository::details( (int) $post->ID );
		foreach ( array( 'department', 'location', 'employment_type' ) as $field ) {
			$job[ $field ] = (string) get_post_meta( $post->ID, JobRepository::META[ $field ], true );
		}
		$salary = $job['salary'] ?? array();
		wp_nonce_field( self::NONCE, self::NONCE );
		echo '<table class="form-table" role="presentation"><tbody>';
		self::text_row( 'department', __( 'Department', 'recruiting-reports' ), $job['department'] );
		self::employment_type_row( $job['employment_type'] );
		self::text_row( 'location', __( 'Location shown to candidates', 'recruiting-reports' ), $job['location'], __( 'Free text, such as “Leeds or remote”. Empty: the address below.', 'recruiting-reports' ) );
		self::text_row( 'street_address', __( 'Street address', 'recruiting-reports' ), $job['street_address'] );
		self::text_row( 'city', __( 'City', 'recruiting-reports' ), $job['city'] );
		self::text_row( 'region', __( 'Region or state', 'recruiting-reports' ), $job['region'] );
		self::text_row( 'postal_code', __( 'Postal code', 'recruiting-reports' ), $job['postal_code'] );
		self::text_row( 'country', __( 'Country code', 'recruiting-reports' ), $job['country'], __( 'Two letters (ISO 3166-1), such as GB, DE or US.', 'recruiting-reports' ) );
		printf(
			'<tr><th scope="row">%s</th><td><label><input type="checkbox" name="%s[remote]" value="1"%s /> %s</label></td></tr>',
			esc_html__( 'Remote', 'recruiting-reports' ),
			esc_attr( self::FORM ),
			checked( $job['remote'], true, false ),
			esc_html__( 'The job can be done fully from home', 'recruiting-reports' )
		);
		self::text_row( 'applicant_locations', __( 'Remote applicants may live in', 'recruiting-reports' ), implode( ', ', $job['applicant_locations'] ), __( 'Countries (two-letter codes) or regions, comma-separated. Empty: anywhere.', 'recruiting-reports' ) );
		self::text_row( 'salary_min', __( 'Salary from', 'recruiting-reports' ), null === ( $salary['min'] ?? null ) ? '' : (string) $salary['min'], '', 'number' );
		self::text_row( 'salary_max', __( 'Salary up to', 'recruiting-reports' ), null === ( $salary['max'] ?? null ) ? '' : (string) $salary['max'], __( 'Leave both empty for no salary.', 'recruiting-reports' ), 'number' );
		self::text_row( 'salary_currency', __( 'Currency', 'recruiting-reports' ), (string) ( $salary['currency'] ?? '' ), __( 'Three letters (ISO 4217), such as EUR, GBP or USD.', 'recruiting-reports' ) );
		self::salary_unit_row( (string) ( $salary['unit'] ?? 'year' ) );
		$valid_through = null === $job['valid_through'] ? '' : wp_date( 'Y-m-d\TH:i', $job['valid_through'] );
		self::text_row( 'valid_through', __( 'Apply by', 'recruiting-reports' ), (string) $valid_through, __( 'In the site’s time zone. After it the job closes itself. Empty: no end.', 'recruiting-reports' ), 'datetime-local' );
		self::text_row( 'contact_email', __( 'Contact e-mail', 'recruiting-reports' ), $job['contact_email'], __( 'Notified of applications to this job; never shown on the site.', 'recruiting-reports' ), 'email' );
		echo '</tbody></table>';
	}

	/**
	 * One labelled input row.
	 *
	 * @param string $name  Form field.
	 * @param string $label Label.
	 * @param string $value Current value.
	 * @param string $help  Description under the input.
	 * @param string $type  Input type.
	 */
	private static function text_row( string $name, string $label, string $value, string $help = '', string $type = 'text' ): void {
		$id = 'recruiting-job-' . str_replace( '_', '-', $name );
		printf(
			'<tr><th scope="row"><label for="%1$s">%2$s</label></th><td><input type="%3$s" class="regular-text" id="%1$s" name="%4$s[%5$s]" value="%6$s"%7$s%8$s />%9$s</td></tr>',
			esc_attr( $id ),
			esc_html( $label ),
			esc_attr( $type ),
			esc_attr( self::FORM ),
			esc_attr( $name ),
			esc_attr( $value ),
			'number' === $type ? ' min="0" step="0.01"' : '',
			'' === $help ? '' : ' aria-describedby="' . esc_attr( $id ) . '-help"',
			'' === $help ? '' : '<p class="description" id="' . esc_attr( $id ) . '-help">' . esc_html( $help ) . '</p>'
		);
	}

	/**
	 * The employment type select: the known types, and a stored free-text value kept as an option of its own.
	 *
	 * @param string $current Stored value.
	 */
	private static function employment_type_row( string $current ): void {
		$options = array( '' => __( '— Not set —', 'recruiting-reports' ) ) + JobSummary::employment_type_labels();
		if ( ! isset( $options[ $current ] ) ) {
			$options[ $current ] = $current;
		}
		printf( '<tr><th scope="row"><label for="recruiting-job-employment-type">%s</label></th><td><select id="recruiting-job-employment-type" name="%s[employment_type]">', esc_html__( 'Employment type', 'recruiting-reports' ), esc_attr( self::FORM ) );
		foreach ( $options as $value => $label ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( (string) $value ), selected( $current, (string) $value, false ), esc_html( $label ) );
		}
		echo '</select></td></tr>';
	}

	/**
	 * The salary period select.
	 *
	 * @param string $current Stored unit.
	 */
	private static function salary_unit_row( string $current ): void {
		$labels = array(
			'hour'  => __( 'per hour', 'recruiting-reports' ),
			'day'   => __( 'per day', 'recruiting-reports' ),
			'week'  => __( 'per week', 'recruiting-reports' ),
			'month' => __( 'per month', 'recruiting-reports' ),
			'year'  => __( 'per year', 'recruiting-reports' ),
		);
		printf( '<tr><th scope="row"><label for="recruiting-job-salary-unit">%s</label></th><td><select id="recruiting-job-salary-unit" name="%s[salary_unit]">', esc_html__( 'Salary period', 'recruiting-reports' ), esc_attr( self::FORM ) );
		foreach ( $labels as $unit => $label ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( $unit ), selected( $current, $unit, false ), esc_html( $label ) );
		}
		echo '</select></td></tr>';
	}

	/**
	 * Saves the box's fields before WordPress updates the job (pre_post_update), when the form is this box's.
	 *
	 * @param int $post_id The post being updated.
	 */
	public static function save( $post_id ): void {
		$post_id = (int) $post_id;
		// Every update of any post passes here: only this box's form, for this post, by someone who may edit it.
		$verified = wp_verify_nonce( sanitize_key( wp_unslash( $_POST[ self::NONCE ] ?? '' ) ), self::NONCE );
		if ( ! $verified || absint( $_POST['post_ID'] ?? 0 ) !== $post_id
			|| JobPostType::POST_TYPE !== get_post_type( $post_id ) || ! current_user_can( 'edit_post', $post_id ) ) {
			return;
		}
		$form    = isset( $_POST[ self::FORM ] ) && is_array( $_POST[ self::FORM ] ) ? map_deep( wp_unslash( $_POST[ self::FORM ] ), 'strval' ) : array(); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- each value is cleaned by its field's rule below.
		$fields  = array();
		$refused = array();
		foreach ( array( 'department', 'location', 'employment_type' ) as $field ) {
			$fields[ $field ] = TextFields::clean( $field, (string) ( $form[ $field ] ?? '' ) );
		}
		foreach ( self::submitted_details( $form ) as $field => $value ) {
			$clean = JobDetails::validate( $field, $value );
			if ( is_wp_error( $clean ) ) {
				$refused[ $field ] = $clean->get_error_message();
				continue;
			}
			$fields[ $field ] = $clean;
		}
		JobRepository::write_meta( $post_id, $fields );
		if ( $refused ) {
			set_transient( self::refused_key(), array( $post_id => $refused ), 10 * MINUTE_IN_SECONDS );
		}
	}

	/**
	 * The detail fields as the form sent them, in the API's shapes (the salary one object, the places a list, the
	 * closing date an instant in the site's time zone).
	 *
	 * @param array<string,string> $form The box's fields.
	 * @return array<string,mixed>
	 */
	private static function submitted_details( array $form ): array {
		$value   = static fn( string $name ): string => trim( (string) ( $form[ $name ] ?? '' ) );
		$details = array();
		foreach ( array( 'street_address', 'city', 'region', 'postal_code', 'country', 'contact_email' ) as $field ) {
			$details[ $field ] = $value( $field );
		}
		$details['remote']              = '1' === $value( 'remote' );
		$details['applicant_locations'] = array_values( array_filter( array_map( 'trim', explode( ',', $value( 'applicant_locations' ) ) ), 'strlen' ) );
		$amount                         = static fn( string $text ) => '' === $text ? null : ( is_numeric( $text ) ? (float) $text : $text );
		$details['salary']              = '' === $value( 'salary_min' ) && '' === $value( 'salary_max' ) ? null : array(
			'min'      => $amount( $value( 'salary_min' ) ),
			'max'      => $amount( $value( 'salary_max' ) ),
			'currency' => $value( 'salary_currency' ),
			'unit'     => $value( 'salary_unit' ),
		);
		$local                          = '' === $value( 'valid_through' ) ? false : date_create_immutable( $value( 'valid_through' ), wp_timezone() );
		$details['valid_through']       = '' === $value( 'valid_through' ) ? null : ( $local ? Iso8601::format( $local->getTimestamp() ) : $value( 'valid_through' ) );
		return $details;
	}

	/** The transient that carries refused values to the next page, per user. */
	private static function refused_key(): string {
		return 'recruiting_reports_job_refused_' . get_current_user_id();
	}

	/** On the job's edit screen after a save: which values were not saved, and why. */
	public static function refused_notice(): void {
		$screen  = get_current_screen();
		$refused = get_transient( self::refused_key() );
		$post    = get_post();
		if ( ! $screen || 'post' !== $screen->base || JobPostType::POST_TYPE !== $screen->post_type || ! is_array( $refused ) || ! $post || ! isset( $refused[ $post->ID ] ) ) {
			return;
		}
		delete_transient( self::refused_key() );
		echo '<div class="notice notice-error" role="alert"><p>' . esc_html__( 'These job details were not saved:', 'recruiting-reports' ) . '</p><ul>';
		foreach ( (array) $refused[ $post->ID ] as $field => $message ) {
			printf( '<li><strong>%s</strong>: %s</li>', esc_html( $field ), esc_html( (string) $message ) );
		}
		echo '</ul></div>';
	}
}
