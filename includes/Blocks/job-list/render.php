<?php
/**
 * Server render of the job list block (block.json "render").
 *
 * @package RecruitingReports
 *
 * @var array $attributes Block attributes.
 */

defined( 'ABSPATH' ) || exit;

// Escaped late, on output, although JobListBlock escapes every part: the whole markup passes wp_kses.
echo wp_kses( \RecruitingReports\Blocks\JobListBlock::render( $attributes ?? array() ), \RecruitingReports\Blocks\JobListBlock::allowed_html() );
