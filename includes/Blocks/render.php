<?php
/**
 * Server render of the report block (block.json "render").
 *
 * @package RecruitingReports
 *
 * @var array $attributes Block attributes.
 */

defined( 'ABSPATH' ) || exit;

echo \RecruitingReports\Blocks\ReportBlock::render( $attributes ?? array() ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built from escaped parts.
