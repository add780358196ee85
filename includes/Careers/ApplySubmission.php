<?php
/**
 * The apply form's submission without JavaScript: a normal multipart POST to the page that shows the form, handled
 * before the page renders. A refused submission renders the same page with its errors and the candidate's input
 * (nothing stored, nothing kept after the response); an accepted one redirects (303) to the page's thank-you state.
 * The application goes through ApplicationIntake, the same rules and writer as `POST /applications`.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Careers;

use RecruitingReports\Data\ApplicationForms;
use RecruitingReports\Data\ApplicationIntake;
use RecruitingReports\Data\Settings;
use WP_Error;

defined( 'ABSPATH' ) || exit;

/**
 * Handles apply-form submissions.
 */
final class ApplySubmission {

	/** Most characters of each text field (the CV has its own limit: the setting). */
	public const MAX_LENGTHS = array(
		'rr_name'         => 200,
		'rr_email'        => 200,
		'rr_phone'        => 64,
		'rr_cover_letter' => 10000,
		'rr_utm_source'   => 100,
		'rr_utm_medium'   => 100,
		'rr_utm_campaign' => 100,
		'rr_referrer'     => 2000,
	);

	/** A repeat of the same address to the same job within this many seconds is answered as the first time. */
	public const REPEAT_SECONDS = 600;

	/** The query argument of the thank-you state (the job's id). */
	public const APPLIED_PARAM = 'applied';

	/**
	 * What the refused submission of this request left for the form: job_id, errors (field => message; `form`
	 * for the form as a whole) and the values to show again. Null when there was none.
	 *
	 * @var array{job_id:int,errors:array<string,string>,values:array<string,string>}|null
	 */
	public static ?array $refused = null;

	/** Hooks the handler in before templates render. */
	public static function register(): void {
		add_action( 'template_redirect', array( self::class, 'handle' ), 1 );
	}

	/** Handles a POST carrying the apply form (or one PHP dropped because it exceeded post_max_size). */
	public static function handle(): void {
		if ( 'post' !== sanitize_key( wp_unslash( $_SERVER['REQUEST_METHOD'] ?? '' ) ) ) {
			return;
		}
		// phpcs:disable WordPress.Security.NonceVerification.Missing -- a public form in cacheable pages; ApplyGuard checks it instead.
		if ( ! isset( $_POST['rr_apply'] ) ) {
			if ( empty( $_POST ) && empty( $_FILES ) && absint( $_SERVER['CONTENT_LENGTH'] ?? 0 ) > wp_convert_hr_to_bytes( (string) ini_get( 'post_max_size' ) ) ) {
				// PHP discarded the whole request: all the candidate can be told is that the file was too large.
				$errors = array( 'rr_cv' => self::messages()['cv_too_large'] );
				if ( wp_is_json_request() ) {
					self::answer_script( 0, self::refusal( $errors, 413 ) );
				}
				self::refuse( 0, $errors, array(), 413 );
			}
			return;
		}
		// The form's own fields only (a CAPTCHA service's filter reads its field itself); markup is stripped here,
		// line breaks kept for the cover letter; an array given for a field becomes ''.
		$posted = array();
		foreach ( array_merge( array( 'rr_apply', 'rr_consent', ApplyGuard::HONEYPOT, ApplyGuard::TOKEN ), array_keys( self::MAX_LENGTHS ) ) as $field ) {
			$posted[ $field ] = isset( $_POST[ $field ] ) ? sanitize_textarea_field( wp_unslash( $_POST[ $field ] ) ) : '';
		}
		$file = isset( $_FILES['rr_cv'] ) && is_array( $_FILES['rr_cv'] ) ? $_FILES['rr_cv'] : null; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- the upload's fields are checked one by one in cv_error().
		// phpcs:enable WordPress.Security.NonceVerification.Missing
		$job_id               = absint( $posted['rr_apply'] );
		$values               = array_intersect_key( $posted, self::MAX_LENGTHS );
		$values['rr_consent'] = '' === $posted['rr_consent'] ? '' : '1';
		$result               = self::submit( $job_id, $values, $posted, $file );
		if ( wp_is_json_request() ) {
			self::answer_script( $job_id, $result );
		}
		if ( is_wp_error( $result ) ) {
			self::refuse( $job_id, (array) $result->get_error_data( 'fields' ), $values, (int) ( $result->get_error_data()['status'] ?? 400 ) );
			return;
		}
		wp_safe_redirect( add_query_arg( self::APPLIED_PARAM, $job_id, remove_query_arg( self::APPLIED_PARAM ) ) . '#rr-apply-' . $job_id, 303 );
		exit;
	}

	/**
	 * Checks and stores one submission.
	 *
	 * @param int        $job_id The job applied to.
	 * @param string[]   $values The form's fields.
	 * @param string[]   $posted The form's fields as posted (for the guard's fields and CAPTCHA filters).
	 * @param array|null $file   The CV upload ($_FILES entry).
	 * @return int|WP_Error The application's id (the earlier one for a repeat); a refusal carries `fields`.
	 */
	public static function submit( int $job_id, array $values, array $posted, ?array $file ) {
		$guard = ApplyGuard::check( $posted );
		if ( $guard ) {
			return self::refusal( array( 'form' => $guard->get_error_message() ), (int) ( $guard->get_error_data()['status'] ?? 400 ) );
		}
		$errors = self::field_errors( $values, $file );
		$cv     = null;
		if ( ! isset( $errors['rr_cv'] ) ) {
			$cv = CvStore::detect( (string) $file['tmp_name'] );
			if ( null === $cv ) {
				$errors['rr_cv'] = self::messages()['cv_type'];
			}
		}
		$source = ApplicantSource::resolve( $values['rr_utm_source'], $values['rr_referrer'] );
		$fields = ApplicationIntake::prepare(
			$job_id,
			array(
				'name'  => $values['rr_name'],
				'email' => $values['rr_email'],
				'phone' => 'hidden' === Settings::get( 'apply_phone' ) ? '' : $values['rr_phone'],
			),
			$source
		);
		if ( is_wp_error( $fields ) ) {
			$wrong = (array) ( $fields->get_error_data()['fields'] ?? array() );
			// Anything but the candidate's fields is about the job: unknown, unpublished or past its closing date.
			$errors += $wrong ? array() : array( 'form' => __( 'This job no longer takes applications.', 'recruiting-reports' ) );
			foreach ( $wrong as $field ) {
				$errors += array( 'rr_' . $field => self::messages()[ 'rr_' . $field ] );
			}
		}
		if ( $errors ) {
			return self::refusal( $errors, 422 );
		}
		$repeat = ApplicationForms::recent( $fields['candidate_email'], $job_id, time() - self::REPEAT_SECONDS );
		if ( null !== $repeat ) {
			return $repeat; // A double click or a resend: answered as the first time, nothing stored twice.
		}
		return self::save( $fields, $values, $file, (string) $cv );
	}

	/**
	 * Stores the CV file and the application with its form row (the file is removed again if the write fails).
	 *
	 * @param array    $fields Prepared application fields.
	 * @param string[] $values The form's fields.
	 * @param array    $file   The CV upload.
	 * @param string   $cv     Its detected format.
	 * @return int|WP_Error
	 */
	private static function save( array $fields, array $values, array $file, string $cv ) {
		$stored = CvStore::store( (string) $file['tmp_name'], $cv );
		if ( null === $stored ) {
			return self::refusal( array( 'form' => __( 'Your CV could not be saved. Please try again later.', 'recruiting-reports' ) ), 500 );
		}
		$now = time();
		// The form's row and the two e-mails are stored with the application, all or nothing.
		$id = ApplicationIntake::save(
			$fields,
			static fn( int $id ) => ApplicationForms::insert(
				array(
					'application_id'  => $id,
					'job_id'          => $fields['job_id'],
					'candidate_email' => $fields['candidate_email'],
					'submitted_at'    => $now,
					'consent_at'      => $now,
					'policy_version'  => ApplyForm::policy_version(),
					'utm_medium'      => sanitize_text_field( $values['rr_utm_medium'] ),
					'utm_campaign'    => sanitize_text_field( $values['rr_utm_campaign'] ),
					'cover_letter'    => $values['rr_cover_letter'],
					'cv_file'         => $stored,
					'cv_name'         => sanitize_file_name( (string) $file['name'] ),
					'cv_type'         => CvStore::TYPES[ $cv ],
					'cv_size'         => (int) $file['size'],
				)
			) && ApplicationMail::queue( $id, $fields )
		);
		if ( is_wp_error( $id ) ) {
			CvStore::delete( $stored );
			return self::refusal( array( 'form' => __( 'Your application could not be saved. Please try again later.', 'recruiting-reports' ) ), 500 );
		}
		FunnelCounting::count_submission( (int) $fields['job_id'], (string) $fields['source'] );
		return $id;
	}

	/**
	 * Per-field errors a form shows: required fields, lengths, the consent and the CV upload.
	 *
	 * @param string[]   $values The form's fields.
	 * @param array|null $file   The CV upload.
	 * @return array<string,string>
	 */
	private static function field_errors( array $values, ?array $file ): array {
		$errors   = array();
		$required = array( 'rr_name', 'rr_email' );
		if ( 'required' === Settings::get( 'apply_phone' ) ) {
			$required[] = 'rr_phone';
		}
		foreach ( $required as $field ) {
			if ( '' === trim( $values[ $field ] ) ) {
				$errors[ $field ] = self::messages()[ $field ];
			}
		}
		foreach ( self::MAX_LENGTHS as $field => $max ) {
			if ( ! isset( $errors[ $field ] ) && mb_strlen( $values[ $field ] ) > $max ) {
				$errors[ $field ] = sprintf( self::messages()['too_long'], $max );
			}
		}
		$cv_error = self::cv_error( $file );
		if ( null !== $cv_error ) {
			$errors['rr_cv'] = $cv_error;
		}
		if ( '1' !== $values['rr_consent'] ) {
			$errors['rr_consent'] = self::messages()['rr_consent'];
		}
		return $errors;
	}

	/**
	 * What is wrong with the CV upload, if anything (its type is checked afterwards, from its content).
	 *
	 * @param array|null $file The $_FILES entry.
	 */
	private static function cv_error( ?array $file ): ?string {
		$error = (int) ( $file['error'] ?? UPLOAD_ERR_NO_FILE );
		if ( UPLOAD_ERR_NO_FILE === $error || ( UPLOAD_ERR_OK === $error && 0 === (int) $file['size'] ) ) {
			return self::messages()['rr_cv'];
		}
		if ( in_array( $error, array( UPLOAD_ERR_INI_SIZE, UPLOAD_ERR_FORM_SIZE ), true ) || (int) $file['size'] > self::max_bytes() ) {
			return self::messages()['cv_too_large'];
		}
		if ( UPLOAD_ERR_OK !== $error || ! is_uploaded_file( (string) $file['tmp_name'] ) ) {
			return __( 'The file did not arrive completely. Please choose it again.', 'recruiting-reports' );
		}
		return null;
	}

	/** The CV size limit in bytes (the setting). */
	public static function max_bytes(): int {
		return (int) Settings::get( 'apply_cv_max_mb' ) * MB_IN_BYTES;
	}

	/**
	 * The messages of the field rules, for the server's refusals and the view script's inline checks (the form
	 * carries them: ApplyForm), so both say the same, translated once.
	 *
	 * @return array<string,string> rr_name, rr_email, rr_phone, rr_cv (missing), rr_consent, cv_type, cv_too_large,
	 *                              too_long (with %d for the limit).
	 */
	public static function messages(): array {
		return array(
			'rr_name'      => __( 'Enter your name.', 'recruiting-reports' ),
			'rr_email'     => __( 'Enter an e-mail address like name@example.com.', 'recruiting-reports' ),
			'rr_phone'     => __( 'Enter your phone number.', 'recruiting-reports' ),
			'rr_cv'        => __( 'Choose your CV (PDF, DOC, DOCX, ODT or RTF).', 'recruiting-reports' ),
			'rr_consent'   => __( 'Please agree to the processing of your data, or we cannot consider your application.', 'recruiting-reports' ),
			'cv_type'      => __( 'The CV must be a PDF, DOC, DOCX, ODT or RTF document. This file is none of them.', 'recruiting-reports' ),
			/* translators: %d: megabytes. */
			'cv_too_large' => sprintf( __( 'The file is too large: a CV may have at most %d MB.', 'recruiting-reports' ), (int) Settings::get( 'apply_cv_max_mb' ) ),
			/* translators: %d: maximum number of characters. */
			'too_long'     => __( 'This may have at most %d characters.', 'recruiting-reports' ),
		);
	}

	/**
	 * A refusal with per-field errors.
	 *
	 * @param array<string,string> $fields Field => message.
	 * @param int                  $status HTTP status of the page.
	 */
	private static function refusal( array $fields, int $status ): WP_Error {
		$error = new WP_Error( 'rr_apply_refused', reset( $fields ), array( 'status' => $status ) );
		$error->add_data( $fields, 'fields' );
		return $error;
	}

	/**
	 * Answers the view script's submission (fetch, Accept: application/json) and ends the request: the thank-you
	 * state's markup, or the refusal's errors per field with the page's status.
	 *
	 * @param int          $job_id The job applied to.
	 * @param int|WP_Error $result submit()'s result.
	 */
	private static function answer_script( int $job_id, $result ): void {
		nocache_headers();
		if ( is_wp_error( $result ) ) {
			wp_send_json( array( 'errors' => (array) $result->get_error_data( 'fields' ) ), (int) ( $result->get_error_data()['status'] ?? 400 ) );
		}
		wp_send_json( array( 'thanks' => ApplyForm::thanks( $job_id ) ), 200 );
	}

	/**
	 * Keeps a refusal for the form on this page and sets the page's status.
	 *
	 * @param int                  $job_id Job id (0: whichever form the page shows).
	 * @param array<string,string> $errors Field => message.
	 * @param array<string,string> $values Values to show again.
	 * @param int                  $status HTTP status.
	 */
	private static function refuse( int $job_id, array $errors, array $values, int $status ): void {
		self::$refused = array(
			'job_id' => $job_id,
			'errors' => $errors,
			'values' => $values,
		);
		status_header( $status );
		nocache_headers();
	}
}
