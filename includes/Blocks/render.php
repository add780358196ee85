<?php
/**
 * Server render of the report block (block.json "render").
 *
 * @package RecruitingReports
 *
 * @var array $attributes Block attributes.
 */

defined( 'ABSPATH' ) || exit;

// Escaped late, on output, although ReportMarkup escapes every part: the whole markup passes wp_kses.
echo wp_kses( \RecruitingReports\Blocks\ReportBlock::render( $attributes ?? array() ), \RecruitingReports\Blocks\ReportBlock::allowed_html() );
