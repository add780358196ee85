<?php
/**
 * The apply form's markup (the Apply form block, and job pages on classic themes): name, e-mail, phone (the
 * setting), CV, cover letter, consent with the privacy policy's link; the errors of a refused submission (a summary
 * with role="alert" linking each field, each field's message tied by aria-describedby) with the candidate's input;
 * the thank-you state. No nonce and nothing personal in it, so the page stays cacheable.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Careers;

use RecruitingReports\Data\JobRepository;
use RecruitingReports\Data\Settings;
use RecruitingReports\Domain\JobDetails;
use RecruitingReports\Domain\JobPostType;

defined( 'ABSPATH' ) || exit;

/**
 * Renders the apply form.
 */
final class ApplyForm {

	/**
	 * The form for a job, its thank-you state, or '' when the job takes no applications.
	 *
	 * @param int $job_id Job id.
	 */
	public static function render( int $job_id ): string {
		$job    = JobRepository::get( $job_id );
		$anchor = 'rr-apply-' . $job_id;
		if ( ! $job || JobPostType::POST_TYPE !== $job->post_type || ! JobDetails::is_open( $job->post_status, JobRepository::details( $job_id )['valid_through'] ) ) {
			// A submission that arrived after the job closed still gets its answer, without a form.
			$refused = ApplySubmission::$refused;
			return $job && null !== $refused && $job_id === $refused['job_id'] ? sprintf( '<section class="rr-apply" id="%s">%s</section>', esc_attr( $anchor ), self::error_summary( $anchor, $refused['errors'] ) ) : '';
		}
		wp_enqueue_script( 'recruiting-reports-apply-form-view' );
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a public, read-only state.
		if ( absint( $_GET[ ApplySubmission::APPLIED_PARAM ] ?? 0 ) === $job_id ) {
			return self::thanks( $job_id );
		}
		$refused = ApplySubmission::$refused;
		if ( null !== $refused && 0 !== $refused['job_id'] && $job_id !== $refused['job_id'] ) {
			$refused = null; // Another form's submission.
		}
		$errors = $refused['errors'] ?? array();
		$values = $refused['values'] ?? array();
		$html   = self::error_summary( $anchor, $errors );
		$html  .= self::text_field( $anchor, 'rr_name', __( 'Name', 'recruiting-reports' ), 'text', true, $values, $errors, 'name' );
		$html  .= self::text_field( $anchor, 'rr_email', __( 'E-mail', 'recruiting-reports' ), 'email', true, $values, $errors, 'email' );
		$phone  = (string) Settings::get( 'apply_phone' );
		if ( 'hidden' !== $phone ) {
			$html .= self::text_field( $anchor, 'rr_phone', __( 'Phone', 'recruiting-reports' ), 'tel', 'required' === $phone, $values, $errors, 'tel' );
		}
		$html .= self::cv_field( $anchor, $errors );
		$html .= self::text_field( $anchor, 'rr_cover_letter', __( 'Cover letter', 'recruiting-reports' ), 'textarea', false, $values, $errors, 'off' );
		$html .= self::consent_field( $anchor, $values, $errors );
		$html .= self::hidden_fields( $job_id, $values );
		return sprintf(
			'<section class="rr-apply" id="%1$s" aria-labelledby="%1$s-title" data-rr-rules="%3$s"><h2 id="%1$s-title">%2$s</h2><form class="rr-apply__form" method="post" enctype="multipart/form-data" novalidate>%4$s<p><button type="submit" class="rr-apply__submit wp-element-button">%5$s</button></p></form></section>',
			esc_attr( $anchor ),
			esc_html__( 'Apply for this job', 'recruiting-reports' ),
			esc_attr( (string) wp_json_encode( self::script_rules() ) ),
			$html,
			esc_html__( 'Send application', 'recruiting-reports' )
		);
	}

	/**
	 * The thank-you state of a job's form (after the no-JavaScript redirect, and the view script's answer).
	 *
	 * @param int $job_id Job id.
	 */
	public static function thanks( int $job_id ): string {
		$job = JobRepository::get( $job_id );
		return sprintf(
			'<section class="rr-apply" id="%s" aria-labelledby="%1$s-title"><h2 id="%1$s-title">%s</h2><p class="rr-apply__thanks" role="status">%s</p></section>',
			esc_attr( 'rr-apply-' . $job_id ),
			esc_html__( 'Application sent', 'recruiting-reports' ),
			esc_html( sprintf( /* translators: %s: job title. */ __( 'Thank you — we have received your application for %s and will be in touch.', 'recruiting-reports' ), wp_strip_all_tags( $job ? $job->post_title : '' ) ) )
		);
	}

	/**
	 * What the view script's inline checks need beyond the fields' own attributes (required, maxlength, accept): the
	 * server's messages (ApplySubmission::messages(), so both say the same) and the CV's size limit.
	 *
	 * @return array{messages:array<string,string>,summary:string,maxBytes:int}
	 */
	private static function script_rules(): array {
		return array(
			'messages' => ApplySubmission::messages(),
			'summary'  => self::summary_title(),
			'maxBytes' => ApplySubmission::max_bytes(),
		);
	}

	/** The error summary's heading. */
	private static function summary_title(): string {
		return __( 'Your application was not sent', 'recruiting-reports' );
	}

	/**
	 * The summary of a refused submission: focused by the view script, announced (role="alert"), each item a link to
	 * its field.
	 *
	 * @param string               $anchor The form's id.
	 * @param array<string,string> $errors Field => message.
	 */
	private static function error_summary( string $anchor, array $errors ): string {
		if ( ! $errors ) {
			return '';
		}
		// In the order of the fields on the page.
		$order  = array_flip( array( 'form', 'rr_name', 'rr_email', 'rr_phone', 'rr_cv', 'rr_cover_letter', 'rr_consent' ) );
		$errors = array_merge( array_intersect_key( $order, $errors ), $errors );
		$items  = '';
		foreach ( $errors as $field => $message ) {
			$items .= 'form' === $field
				? '<li>' . esc_html( $message ) . '</li>'
				: sprintf( '<li><a href="#%s">%s</a></li>', esc_attr( $anchor . '-' . $field ), esc_html( $message ) );
		}
		return sprintf(
			'<div class="rr-apply__errors" id="%s-errors" role="alert" tabindex="-1"><h3>%s</h3><ul>%s</ul></div>',
			esc_attr( $anchor ),
			esc_html( self::summary_title() ),
			$items
		);
	}

	/**
	 * A labelled text input or textarea with its error.
	 *
	 * @param string               $anchor       The form's id.
	 * @param string               $name         Field name.
	 * @param string               $label        Label.
	 * @param string               $type         Input type, or textarea.
	 * @param bool                 $required     Whether it is required.
	 * @param array<string,string> $values       Values to show again.
	 * @param array<string,string> $errors       Field => message.
	 * @param string               $autocomplete The autocomplete token.
	 */
	private static function text_field( string $anchor, string $name, string $label, string $type, bool $required, array $values, array $errors, string $autocomplete ): string {
		$id      = $anchor . '-' . $name;
		$value   = (string) ( $values[ $name ] ?? '' );
		$common  = sprintf(
			'id="%s" name="%s" maxlength="%d" autocomplete="%s"%s%s',
			esc_attr( $id ),
			esc_attr( $name ),
			ApplySubmission::MAX_LENGTHS[ $name ],
			esc_attr( $autocomplete ),
			$required ? ' required aria-required="true"' : '',
			isset( $errors[ $name ] ) ? sprintf( ' aria-invalid="true" aria-describedby="%s-error"', esc_attr( $id ) ) : ''
		);
		$control = 'textarea' === $type
			? sprintf( '<textarea rows="6" %s>%s</textarea>', $common, esc_textarea( $value ) )
			: sprintf( '<input type="%s" value="%s" %s>', esc_attr( $type ), esc_attr( $value ), $common );
		return sprintf(
			'<p class="rr-apply__field"><label for="%s">%s%s</label>%s%s</p>',
			esc_attr( $id ),
			esc_html( $label ),
			$required ? '' : ' <span class="rr-apply__optional">' . esc_html__( '(optional)', 'recruiting-reports' ) . '</span>',
			self::error( $id, $errors[ $name ] ?? null ),
			$control
		);
	}

	/**
	 * The CV upload with its accepted formats and size.
	 *
	 * @param string               $anchor The form's id.
	 * @param array<string,string> $errors Field => message.
	 */
	private static function cv_field( string $anchor, array $errors ): string {
		$id        = $anchor . '-rr_cv';
		$described = $id . '-hint' . ( isset( $errors['rr_cv'] ) ? ' ' . $id . '-error' : '' );
		/* translators: %d: megabytes. */
		$hint = sprintf( __( 'PDF, DOC, DOCX, ODT or RTF, up to %d MB.', 'recruiting-reports' ), (int) Settings::get( 'apply_cv_max_mb' ) );
		if ( $errors && ! isset( $errors['rr_cv'] ) ) {
			// Browsers never keep a chosen file across a page load.
			$hint .= ' ' . __( 'Please choose your file again.', 'recruiting-reports' );
		}
		return sprintf(
			'<p class="rr-apply__field"><label for="%1$s">%2$s</label><span class="rr-apply__hint" id="%1$s-hint">%3$s</span>%4$s<input type="file" id="%1$s" name="rr_cv" accept="%5$s" required aria-required="true" aria-describedby="%6$s"%7$s></p>',
			esc_attr( $id ),
			esc_html__( 'CV', 'recruiting-reports' ),
			esc_html( $hint ),
			self::error( $id, $errors['rr_cv'] ?? null ),
			esc_attr( '.' . implode( ',.', array_keys( CvStore::TYPES ) ) . ',' . implode( ',', CvStore::TYPES ) ),
			esc_attr( $described ),
			isset( $errors['rr_cv'] ) ? ' aria-invalid="true"' : ''
		);
	}

	/**
	 * The required consent, linking the privacy policy when the site has one.
	 *
	 * @param string               $anchor The form's id.
	 * @param array<string,string> $values Values to show again.
	 * @param array<string,string> $errors Field => message.
	 */
	private static function consent_field( string $anchor, array $values, array $errors ): string {
		$id     = $anchor . '-rr_consent';
		$policy = get_privacy_policy_url();
		$text   = esc_html__( 'I agree that my details and CV are stored and processed to consider my application.', 'recruiting-reports' );
		if ( '' !== $policy ) {
			$text .= ' ' . sprintf( '<a href="%s">%s</a>', esc_url( $policy ), esc_html__( 'Privacy policy', 'recruiting-reports' ) );
		}
		return sprintf(
			'<div class="rr-apply__field rr-apply__consent">%s<input type="checkbox" id="%s" name="rr_consent" value="1" required aria-required="true"%s%s> <label for="%2$s">%s</label></div>',
			self::error( $id, $errors['rr_consent'] ?? null ),
			esc_attr( $id ),
			'1' === ( $values['rr_consent'] ?? '' ) ? ' checked' : '',
			isset( $errors['rr_consent'] ) ? sprintf( ' aria-invalid="true" aria-describedby="%s-error"', esc_attr( $id ) ) : '',
			$text
		);
	}

	/**
	 * The job, the time token, the honeypot (hidden from people and assistive technology) and the source fields
	 * (filled from this page's query string; the view script puts the landing page's there).
	 *
	 * @param int                  $job_id Job id.
	 * @param array<string,string> $values Values to show again.
	 */
	private static function hidden_fields( int $job_id, array $values ): string {
		$html = sprintf( '<input type="hidden" name="rr_apply" value="%d"><input type="hidden" name="%s" value="%s">', $job_id, esc_attr( ApplyGuard::TOKEN ), esc_attr( ApplyGuard::token() ) );
		foreach ( array( 'utm_source', 'utm_medium', 'utm_campaign' ) as $param ) {
			// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the landing page's campaign, only echoed back.
			$value = $values[ 'rr_' . $param ] ?? ( isset( $_GET[ $param ] ) ? sanitize_text_field( wp_unslash( $_GET[ $param ] ) ) : '' );
			$html .= sprintf( '<input type="hidden" name="rr_%s" value="%s">', esc_attr( $param ), esc_attr( mb_substr( (string) $value, 0, 100 ) ) );
		}
		$html .= sprintf( '<input type="hidden" name="rr_referrer" value="%s">', esc_attr( $values['rr_referrer'] ?? '' ) );
		return $html . sprintf(
			'<div class="rr-apply__trap" aria-hidden="true"><label for="rr-trap-%1$d">%2$s</label><input type="text" id="rr-trap-%1$d" name="%3$s" value="" tabindex="-1" autocomplete="off"></div>',
			$job_id,
			esc_html__( 'Website (leave empty)', 'recruiting-reports' ),
			esc_attr( ApplyGuard::HONEYPOT )
		);
	}

	/**
	 * A field's error message.
	 *
	 * @param string      $id      The field's id.
	 * @param string|null $message Message.
	 */
	private static function error( string $id, ?string $message ): string {
		return null === $message ? '' : sprintf( '<span class="rr-apply__error" id="%s-error">%s</span>', esc_attr( $id ), esc_html( $message ) );
	}

	/** The privacy policy's version the consent refers to: its page id and last change (UTC), '' without one. */
	public static function policy_version(): string {
		$page = get_post( (int) get_option( 'wp_page_for_privacy_policy' ) );
		return $page && 'publish' === $page->post_status ? $page->ID . '@' . $page->post_modified_gmt : '';
	}

	/**
	 * What the markup may contain when it is escaped on output: post HTML plus the form's controls.
	 *
	 * @return array<string,array<string,bool>>
	 */
	public static function allowed_html(): array {
		$allowed  = wp_kses_allowed_html( 'post' );
		$aria     = array( 'id', 'class', 'aria-invalid', 'aria-describedby', 'aria-required', 'aria-labelledby', 'aria-hidden', 'role', 'tabindex' );
		$controls = array(
			'form'     => array( 'method', 'enctype', 'novalidate', 'class' ),
			'input'    => array( 'type', 'name', 'value', 'checked', 'maxlength', 'autocomplete', 'required', 'accept' ),
			'textarea' => array( 'name', 'rows', 'maxlength', 'autocomplete', 'required' ),
			'label'    => array( 'for' ),
			'button'   => array( 'type' ),
			'section'  => array( 'data-rr-rules' ),
			'div'      => array(),
			'span'     => array(),
		);
		foreach ( $controls as $tag => $attributes ) {
			$allowed[ $tag ] = array_merge( $allowed[ $tag ] ?? array(), array_fill_keys( array_merge( $attributes, $aria ), true ) );
		}
		return $allowed;
	}
}
