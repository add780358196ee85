<?php
/**
 * The apply form's e-mail templates (Settings › E-mails): a subject and a plain-text body each for the candidate's
 * confirmation and the job contact's notification, with placeholders. A template not customised is stored as ''
 * and means the translatable default, so it follows the site's language; the settings route shows the text in
 * use and stores a text equal to the default as ''.
 *
 * The HTML part is built from the plain text — paragraphs at blank lines, line breaks kept — with the template's
 * own text and every placeholder's value escaped, and {application_url} as a link.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Mail;

use RecruitingReports\Data\Settings;

defined( 'ABSPATH' ) || exit;

/**
 * E-mail templates: defaults, settings, rendering.
 */
final class Templates {

	/** The settings that hold templates. */
	public const FIELDS = array( 'mail_candidate_subject', 'mail_candidate_body', 'mail_notify_subject', 'mail_notify_body' );

	/** The placeholders a template may use. */
	public const PLACEHOLDERS = array( '{candidate_name}', '{job_title}', '{site_name}', '{application_url}' );

	/**
	 * The default templates in the site's language (the e-mails go out in it, whoever edits them).
	 *
	 * @return array<string,string> Field => text.
	 */
	public static function defaults(): array {
		$switched = switch_to_locale( get_locale() );
		$defaults = array(
			/* translators: placeholders in braces stay as they are. */
			'mail_candidate_subject' => __( 'We received your application: {job_title}', 'recruiting-reports' ),
			/* translators: placeholders in braces stay as they are. */
			'mail_candidate_body'    => __( "Dear {candidate_name},\n\nthank you for applying for {job_title}. We have received your application and will get back to you.\n\nKind regards,\n{site_name}", 'recruiting-reports' ),
			/* translators: placeholders in braces stay as they are. */
			'mail_notify_subject'    => __( 'New application for {job_title}: {candidate_name}', 'recruiting-reports' ),
			/* translators: placeholders in braces stay as they are. */
			'mail_notify_body'       => __( "{candidate_name} applied for {job_title} through {site_name}.\n\nSee the application: {application_url}", 'recruiting-reports' ),
		);
		if ( $switched ) {
			restore_previous_locale();
		}
		return $defaults;
	}

	/**
	 * A template as used: the stored text, or the default.
	 *
	 * @param string $field One of FIELDS.
	 */
	public static function get( string $field ): string {
		$stored = (string) Settings::get( $field );
		return '' === trim( $stored ) ? self::defaults()[ $field ] : $stored;
	}

	/**
	 * Settings as the settings route shows them: each template's text in use.
	 *
	 * @param array $settings Settings::all().
	 */
	public static function for_display( array $settings ): array {
		$defaults = self::defaults();
		foreach ( self::FIELDS as $field ) {
			if ( '' === trim( (string) ( $settings[ $field ] ?? '' ) ) ) {
				$settings[ $field ] = $defaults[ $field ];
			}
		}
		return $settings;
	}

	/**
	 * Values to store: a template equal to its default (or empty) becomes '', the default that follows the language.
	 *
	 * @param array $values Validated values of a settings update.
	 */
	public static function for_storage( array $values ): array {
		$defaults = self::defaults();
		foreach ( array_intersect( self::FIELDS, array_keys( $values ) ) as $field ) {
			$text             = trim( str_replace( "\r\n", "\n", (string) $values[ $field ] ) );
			$values[ $field ] = $text === $defaults[ $field ] ? '' : $text;
		}
		return $values;
	}

	/**
	 * Fills a subject and body.
	 *
	 * @param string               $subject Subject template.
	 * @param string               $body    Body template (plain text).
	 * @param array<string,string> $values  Placeholder => plain-text value (a URL for {application_url}).
	 * @return array{subject:string,html:string,text:string}
	 */
	public static function render( string $subject, string $body, array $values ): array {
		$body = trim( str_replace( array( "\r\n", "\r" ), "\n", $body ) );
		// A subject is one line: line breaks in a value or the template would end the header.
		$subject    = trim( (string) preg_replace( '/\s+/', ' ', strtr( $subject, $values ) ) );
		$paragraphs = array_map(
			static fn( string $paragraph ) => '<p style="margin:0 0 1em">' . implode( "<br>\n", array_map( static fn( $line ) => self::html_line( $line, $values ), explode( "\n", $paragraph ) ) ) . '</p>',
			preg_split( '/\n[ \t]*\n/', $body )
		);
		$html       = '<!DOCTYPE html><html lang="' . esc_attr( get_bloginfo( 'language' ) ) . '"><head><meta charset="UTF-8"><title>' . esc_html( $subject ) . '</title></head>'
			. '<body style="font-family:-apple-system,BlinkMacSystemFont,\'Segoe UI\',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1e1e1e">'
			. implode( "\n", $paragraphs ) . '</body></html>';
		return array(
			'subject' => $subject,
			'html'    => $html,
			'text'    => strtr( $body, $values ),
		);
	}

	/**
	 * One line of a paragraph in HTML: the template's text and each value escaped, {application_url} a link.
	 *
	 * @param string               $line   The line of the template.
	 * @param array<string,string> $values Placeholder => value.
	 */
	private static function html_line( string $line, array $values ): string {
		$html = '';
		foreach ( preg_split( '/(\{[a-z_]+\})/', $line, -1, PREG_SPLIT_DELIM_CAPTURE ) as $part ) {
			if ( ! isset( $values[ $part ] ) ) {
				$html .= esc_html( $part );
			} elseif ( '{application_url}' === $part && '' !== $values[ $part ] ) {
				$html .= '<a href="' . esc_url( $values[ $part ] ) . '">' . esc_html( $values[ $part ] ) . '</a>';
			} else {
				$html .= esc_html( $values[ $part ] );
			}
		}
		return $html;
	}
}
