<?php
/**
 * Identity of the external ids that jobs and applications carry from another system.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Domain;

defined( 'ABSPATH' ) || exit;

/**
 * External ids.
 */
final class ExternalId {

	/**
	 * The identity of an external id. MySQL's default collations compare case-insensitively and its unique index
	 * would then collide where SQLite would not, so ids that differ only in case are one id.
	 *
	 * @param string $external_id External id as given.
	 * @return string
	 */
	public static function key( string $external_id ): string {
		return mb_strtolower( $external_id );
	}
}
