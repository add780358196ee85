<?php
/**
 * The application_forms table: what the site's apply form stores beside an application it created (consent, the
 * campaign, the cover letter, the CV file's record). Applications from the API or an import have no row.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Data;

defined( 'ABSPATH' ) || exit;

/**
 * Rows of application_forms.
 */
final class ApplicationForms {

	/**
	 * Stores the row of a new application (inside ApplicationIntake::save()'s transaction).
	 *
	 * @param array $row Columns of the table.
	 * @return bool Whether it was stored.
	 */
	public static function insert( array $row ): bool {
		global $wpdb;
		return (bool) $wpdb->insert( Schema::table( 'application_forms' ), $row );
	}

	/**
	 * An application's row.
	 *
	 * @param int $application_id Application id.
	 * @return array|null
	 */
	public static function find( int $application_id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE application_id = %d', Schema::table( 'application_forms' ), $application_id ), ARRAY_A );
		return $row ? $row : null;
	}

	/**
	 * An application's CV as the API shows it.
	 *
	 * @param int $application_id Application id.
	 * @return array{name:string,type:string,size:int}|null Null without one.
	 */
	public static function cv( int $application_id ): ?array {
		$row = self::find( $application_id );
		if ( ! $row || '' === $row['cv_file'] ) {
			return null;
		}
		return array(
			'name' => (string) $row['cv_name'],
			'type' => (string) $row['cv_type'],
			'size' => (int) $row['cv_size'],
		);
	}

	/**
	 * The application the same address made to the same job through the form since an instant (the repeat check).
	 *
	 * @param string $email  Cleaned address.
	 * @param int    $job_id Job id.
	 * @param int    $since  Unix seconds.
	 * @return int|null Its id.
	 */
	public static function recent( string $email, int $job_id, int $since ): ?int {
		global $wpdb;
		$id = $wpdb->get_var( $wpdb->prepare( 'SELECT application_id FROM %i WHERE candidate_email = %s AND job_id = %d AND submitted_at >= %d ORDER BY submitted_at DESC LIMIT 1', Schema::table( 'application_forms' ), $email, $job_id, $since ) );
		return null === $id ? null : (int) $id;
	}

	/**
	 * Deletes an application's row.
	 *
	 * @param int $application_id Application id.
	 */
	public static function delete( int $application_id ): void {
		global $wpdb;
		$wpdb->delete( Schema::table( 'application_forms' ), array( 'application_id' => $application_id ), array( '%d' ) );
	}
}
