<?php
/**
 * The five permissions of docs/api.md#permissions as WordPress capabilities, and the Recruiter role that holds all but Settings.
 *
 * @package RecruitingReports
 */

namespace RecruitingReports\Domain;

defined( 'ABSPATH' ) || exit;

/**
 * The five permissions of docs/api.md#permissions as WordPress capabilities, and the Recruiter role.
 */
final class Capabilities {

	public const READ_JOBS          = 'recruiting_read_jobs';
	public const WRITE_JOBS         = 'recruiting_write_jobs';
	public const READ_APPLICATIONS  = 'recruiting_read_applications';
	public const WRITE_APPLICATIONS = 'recruiting_write_applications';
	public const MANAGE_SETTINGS    = 'recruiting_manage_settings';

	public const ALL = array(
		self::READ_JOBS,
		self::WRITE_JOBS,
		self::READ_APPLICATIONS,
		self::WRITE_APPLICATIONS,
		self::MANAGE_SETTINGS,
	);

	public const RECRUITER_ROLE = 'recruiter';

	/** Capabilities of the Recruiter role: everything but Settings. */
	public const RECRUITER = array(
		self::READ_JOBS,
		self::WRITE_JOBS,
		self::READ_APPLICATIONS,
		self::WRITE_APPLICATIONS,
	);
}
