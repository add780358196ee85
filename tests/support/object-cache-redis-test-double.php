<?php
/**
 * TEST DOUBLE of a production Redis object cache drop-in (Redis Object Cache, Object Cache Pro, which
 * docs/scaling.md recommends), installed as wp-content/object-cache.php by scripts/lib/site-cluster.mjs for the
 * cluster leg's "with Redis" mode. Neither production drop-in can be installed here (they are third-party code
 * that neither npm nor Debian serves), so this file gives the cluster tests what the plugin relies on from
 * them, over Debian's php8.2-redis (phpredis):
 *
 * - one Redis shared by every web node, keys `<salt><blog id>:<group>:<key>` (global groups without the blog id);
 * - a per-request runtime cache in front of it; non-persistent groups live in that runtime cache only;
 * - wp_cache_add() / wp_cache_replace() as SET NX / SET XX, expiry as SET EX;
 * - wp_cache_incr() / wp_cache_decr() atomic across nodes (INCRBY in a Lua script that also keeps
 *   WordPress's "missing key: false" and "never below 0" rules);
 * - wp_cache_flush() empties the Redis database (one database per site, as Redis Object Cache assumes).
 *
 * Configuration uses Redis Object Cache's constants: WP_REDIS_HOST, WP_REDIS_PORT, WP_REDIS_DATABASE, and
 * WP_CACHE_KEY_SALT as the key prefix. Unlike the production drop-ins it never falls back to an in-memory cache
 * when Redis is unreachable: the RedisException ends the request, so a test run cannot pass without Redis.
 * Not for production: no reconnects, no cluster/sentinel support, no compression, no metrics, no flush_group.
 *
 * @package RecruitingReports
 */

defined( 'ABSPATH' ) || exit;

/**
 * Sets up the object cache global (called by wp_start_object_cache()).
 */
function wp_cache_init() {
	// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- a drop-in owns this global.
	$GLOBALS['wp_object_cache'] = new WP_Object_Cache();
}

/**
 * Adds data unless the key exists.
 *
 * @param int|string $key    Key.
 * @param mixed      $data   Data.
 * @param string     $group  Group.
 * @param int        $expire Seconds until expiry, 0 for none.
 * @return bool Whether the data was added.
 */
function wp_cache_add( $key, $data, $group = '', $expire = 0 ) {
	global $wp_object_cache;
	return $wp_object_cache->write( 'add', $key, $data, $group, (int) $expire );
}

/**
 * Adds several entries unless their keys exist.
 *
 * @param array  $data   Key => data.
 * @param string $group  Group.
 * @param int    $expire Seconds until expiry, 0 for none.
 * @return bool[] Key => whether it was added.
 */
function wp_cache_add_multiple( array $data, $group = '', $expire = 0 ) {
	global $wp_object_cache;
	return $wp_object_cache->write_multiple( 'add', $data, $group, (int) $expire );
}

/**
 * Replaces data if the key exists.
 *
 * @param int|string $key    Key.
 * @param mixed      $data   Data.
 * @param string     $group  Group.
 * @param int        $expire Seconds until expiry, 0 for none.
 * @return bool Whether the data was replaced.
 */
function wp_cache_replace( $key, $data, $group = '', $expire = 0 ) {
	global $wp_object_cache;
	return $wp_object_cache->write( 'replace', $key, $data, $group, (int) $expire );
}

/**
 * Stores data.
 *
 * @param int|string $key    Key.
 * @param mixed      $data   Data.
 * @param string     $group  Group.
 * @param int        $expire Seconds until expiry, 0 for none.
 * @return bool Whether the data was stored.
 */
function wp_cache_set( $key, $data, $group = '', $expire = 0 ) {
	global $wp_object_cache;
	return $wp_object_cache->write( 'set', $key, $data, $group, (int) $expire );
}

/**
 * Stores several entries.
 *
 * @param array  $data   Key => data.
 * @param string $group  Group.
 * @param int    $expire Seconds until expiry, 0 for none.
 * @return bool[] Key => whether it was stored.
 */
function wp_cache_set_multiple( array $data, $group = '', $expire = 0 ) {
	global $wp_object_cache;
	return $wp_object_cache->write_multiple( 'set', $data, $group, (int) $expire );
}

/**
 * Reads data.
 *
 * @param int|string $key   Key.
 * @param string     $group Group.
 * @param bool       $force Whether to skip the runtime cache and ask Redis.
 * @param bool|null  $found Set to whether the key was found.
 * @return mixed The data, or false.
 */
function wp_cache_get( $key, $group = '', $force = false, &$found = null ) {
	global $wp_object_cache;
	return $wp_object_cache->get( $key, $group, $force, $found );
}

/**
 * Reads several keys of one group.
 *
 * @param array  $keys  Keys.
 * @param string $group Group.
 * @param bool   $force Whether to skip the runtime cache and ask Redis.
 * @return array Key => data, false for keys not found.
 */
function wp_cache_get_multiple( $keys, $group = '', $force = false ) {
	global $wp_object_cache;
	return $wp_object_cache->get_multiple( $keys, $group, $force );
}

/**
 * Deletes a key.
 *
 * @param int|string $key   Key.
 * @param string     $group Group.
 * @return bool Whether a key was deleted.
 */
function wp_cache_delete( $key, $group = '' ) {
	global $wp_object_cache;
	return $wp_object_cache->delete( $key, $group );
}

/**
 * Deletes several keys of one group.
 *
 * @param array  $keys  Keys.
 * @param string $group Group.
 * @return bool[] Key => whether it was deleted.
 */
function wp_cache_delete_multiple( array $keys, $group = '' ) {
	global $wp_object_cache;
	$deleted = array();
	foreach ( $keys as $key ) {
		$deleted[ $key ] = $wp_object_cache->delete( $key, $group );
	}
	return $deleted;
}

/**
 * Increments a number atomically (across web nodes).
 *
 * @param int|string $key    Key.
 * @param int        $offset Amount.
 * @param string     $group  Group.
 * @return int|false The new value, or false when the key does not exist.
 */
function wp_cache_incr( $key, $offset = 1, $group = '' ) {
	global $wp_object_cache;
	return $wp_object_cache->incr( $key, (int) $offset, $group );
}

/**
 * Decrements a number atomically (across web nodes), never below 0.
 *
 * @param int|string $key    Key.
 * @param int        $offset Amount.
 * @param string     $group  Group.
 * @return int|false The new value, or false when the key does not exist.
 */
function wp_cache_decr( $key, $offset = 1, $group = '' ) {
	global $wp_object_cache;
	return $wp_object_cache->incr( $key, -(int) $offset, $group );
}

/**
 * Empties the Redis database and the runtime cache.
 *
 * @return bool Whether Redis was flushed.
 */
function wp_cache_flush() {
	global $wp_object_cache;
	return $wp_object_cache->flush();
}

/**
 * Empties the runtime cache only.
 *
 * @return bool True.
 */
function wp_cache_flush_runtime() {
	global $wp_object_cache;
	return $wp_object_cache->flush_runtime();
}

/**
 * Which optional features this drop-in has (core's cache-compat.php asks before using them).
 *
 * @param string $feature Feature name.
 * @return bool Whether it is supported.
 */
function wp_cache_supports( $feature ) {
	return in_array( $feature, array( 'add_multiple', 'set_multiple', 'get_multiple', 'delete_multiple', 'flush_runtime' ), true );
}

/**
 * Ends the request's use of the cache.
 *
 * @return bool True.
 */
function wp_cache_close() {
	global $wp_object_cache;
	return $wp_object_cache->close();
}

/**
 * Declares groups shared by every site of a network.
 *
 * @param string|string[] $groups Groups.
 */
function wp_cache_add_global_groups( $groups ) {
	global $wp_object_cache;
	$wp_object_cache->add_global_groups( $groups );
}

/**
 * Declares groups kept in the runtime cache only (never in Redis).
 *
 * @param string|string[] $groups Groups.
 */
function wp_cache_add_non_persistent_groups( $groups ) {
	global $wp_object_cache;
	$wp_object_cache->add_non_persistent_groups( $groups );
}

/**
 * Switches the key prefix of non-global groups to another site of the network.
 *
 * @param int $blog_id Site ID.
 */
function wp_cache_switch_to_blog( $blog_id ) {
	global $wp_object_cache;
	$wp_object_cache->switch_to_blog( $blog_id );
}

/**
 * The object cache: a runtime cache (this request) in front of Redis (every request on every node).
 */
class WP_Object_Cache {

	/**
	 * WordPress's rules for wp_cache_incr()/decr(), atomically in Redis: a missing key stays missing (false),
	 * and the result never goes below 0. INCRBY fails on a non-integer value, which then answers false. The new
	 * value is returned as Redis stores it (a string): Lua's numbers are doubles, exact only up to 2^53.
	 */
	private const INCR_SCRIPT = <<<'LUA'
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
if redis.call('INCRBY', KEYS[1], ARGV[1]) < 0 then
	redis.call('SET', KEYS[1], 0, 'KEEPTTL')
end
return redis.call('GET', KEYS[1])
LUA;

	/**
	 * The connection.
	 *
	 * @var Redis
	 */
	private $redis;

	/**
	 * This request's copies, by full key.
	 *
	 * @var array<string, mixed>
	 */
	private $runtime = array();

	/**
	 * Group => true for groups shared by every site.
	 *
	 * @var array<string, bool>
	 */
	private $global_groups = array();

	/**
	 * Group => true for groups never stored in Redis.
	 *
	 * @var array<string, bool>
	 */
	private $non_persistent_groups = array();

	/**
	 * Prefix of every key (WP_CACHE_KEY_SALT).
	 *
	 * @var string
	 */
	private $salt;

	/**
	 * Current site ID (keys of non-global groups carry it).
	 *
	 * @var int
	 */
	private $blog_id;

	/**
	 * Connects to Redis; a RedisException on failure is deliberate (see the file comment).
	 */
	public function __construct() {
		$this->redis = new Redis();
		$this->redis->connect(
			defined( 'WP_REDIS_HOST' ) ? WP_REDIS_HOST : '127.0.0.1',
			defined( 'WP_REDIS_PORT' ) ? (int) WP_REDIS_PORT : 6379,
			1.0
		);
		if ( defined( 'WP_REDIS_DATABASE' ) ) {
			$this->redis->select( (int) WP_REDIS_DATABASE );
		}
		$this->salt    = defined( 'WP_CACHE_KEY_SALT' ) ? (string) WP_CACHE_KEY_SALT : '';
		$this->blog_id = is_multisite() ? get_current_blog_id() : 1;
	}

	/**
	 * Stores data with set, add (only if missing) or replace (only if present) semantics.
	 *
	 * @param string     $mode   'set', 'add' or 'replace'.
	 * @param int|string $key    Key.
	 * @param mixed      $data   Data.
	 * @param string     $group  Group.
	 * @param int        $expire Seconds until expiry, 0 for none.
	 * @return bool Whether the data was stored.
	 */
	public function write( string $mode, $key, $data, $group, int $expire ): bool {
		if ( ! $this->valid_key( $key ) ) {
			return false;
		}
		$group = $this->group( $group );
		$id    = $this->id( $key, $group );
		if ( isset( $this->non_persistent_groups[ $group ] ) ) {
			$exists = array_key_exists( $id, $this->runtime );
			if ( ( 'add' === $mode && $exists ) || ( 'replace' === $mode && ! $exists ) ) {
				return false;
			}
		} else {
			$options = $expire > 0 ? array( 'ex' => $expire ) : array();
			if ( 'add' === $mode ) {
				$options[] = 'nx';
			} elseif ( 'replace' === $mode ) {
				$options[] = 'xx';
			}
			if ( true !== $this->redis->set( $id, $this->encode( $data ), $options ) ) {
				return false;
			}
		}
		$this->runtime[ $id ] = is_object( $data ) ? clone $data : $data;
		return true;
	}

	/**
	 * Stores several entries with write()'s modes.
	 *
	 * @param string $mode   'set' or 'add'.
	 * @param array  $data   Key => data.
	 * @param string $group  Group.
	 * @param int    $expire Seconds until expiry, 0 for none.
	 * @return bool[] Key => whether it was stored.
	 */
	public function write_multiple( string $mode, array $data, $group, int $expire ): array {
		$stored = array();
		foreach ( $data as $key => $value ) {
			$stored[ $key ] = $this->write( $mode, $key, $value, $group, $expire );
		}
		return $stored;
	}

	/**
	 * Reads data, from the runtime cache unless forced, else from Redis.
	 *
	 * @param int|string $key   Key.
	 * @param string     $group Group.
	 * @param bool       $force Whether to skip the runtime cache.
	 * @param bool|null  $found Set to whether the key was found.
	 * @return mixed The data, or false.
	 */
	public function get( $key, $group = '', $force = false, &$found = null ) {
		$found = false;
		if ( ! $this->valid_key( $key ) ) {
			return false;
		}
		$group      = $this->group( $group );
		$id         = $this->id( $key, $group );
		$persistent = ! isset( $this->non_persistent_groups[ $group ] );
		if ( ( $force && $persistent ) || ! array_key_exists( $id, $this->runtime ) ) {
			if ( ! $persistent ) {
				return false;
			}
			$stored = $this->redis->get( $id );
			if ( false === $stored ) {
				unset( $this->runtime[ $id ] );
				return false;
			}
			$this->runtime[ $id ] = $this->decode( $stored );
		}
		$found = true;
		$data  = $this->runtime[ $id ];
		return is_object( $data ) ? clone $data : $data;
	}

	/**
	 * Reads several keys of one group; the ones not in the runtime cache with one MGET.
	 *
	 * @param array  $keys  Keys.
	 * @param string $group Group.
	 * @param bool   $force Whether to skip the runtime cache.
	 * @return array Key => data, false for keys not found.
	 */
	public function get_multiple( $keys, $group = '', $force = false ): array {
		$group   = $this->group( $group );
		$missing = array();
		foreach ( $keys as $key ) {
			$id = $this->valid_key( $key ) ? $this->id( $key, $group ) : null;
			if ( null !== $id && ( $force || ! array_key_exists( $id, $this->runtime ) ) ) {
				$missing[ $id ] = $key;
			}
		}
		if ( $missing && ! isset( $this->non_persistent_groups[ $group ] ) ) {
			foreach ( array_combine( array_keys( $missing ), $this->redis->mGet( array_keys( $missing ) ) ) as $id => $stored ) {
				if ( false !== $stored ) {
					$this->runtime[ $id ] = $this->decode( $stored );
				}
			}
		}
		$values = array();
		foreach ( $keys as $key ) {
			$values[ $key ] = $this->get( $key, $group );
		}
		return $values;
	}

	/**
	 * Deletes a key from Redis and the runtime cache.
	 *
	 * @param int|string $key   Key.
	 * @param string     $group Group.
	 * @return bool Whether a key was deleted.
	 */
	public function delete( $key, $group = '' ): bool {
		if ( ! $this->valid_key( $key ) ) {
			return false;
		}
		$group   = $this->group( $group );
		$id      = $this->id( $key, $group );
		$deleted = array_key_exists( $id, $this->runtime );
		unset( $this->runtime[ $id ] );
		if ( isset( $this->non_persistent_groups[ $group ] ) ) {
			return $deleted;
		}
		return $this->redis->del( $id ) > 0;
	}

	/**
	 * Adds an offset to a number atomically (INCR_SCRIPT).
	 *
	 * @param int|string $key    Key.
	 * @param int        $offset Amount (negative to decrement).
	 * @param string     $group  Group.
	 * @return int|false The new value, or false when the key does not exist or holds no integer.
	 */
	public function incr( $key, int $offset, $group = '' ) {
		if ( ! $this->valid_key( $key ) ) {
			return false;
		}
		$group = $this->group( $group );
		$id    = $this->id( $key, $group );
		if ( isset( $this->non_persistent_groups[ $group ] ) ) {
			if ( ! array_key_exists( $id, $this->runtime ) ) {
				return false;
			}
			$value = is_numeric( $this->runtime[ $id ] ) ? (int) $this->runtime[ $id ] : 0;
			$value = max( 0, $value + $offset );
		} else {
			$value = $this->redis->eval( self::INCR_SCRIPT, array( $id, $offset ), 1 );
			if ( ! is_string( $value ) ) {
				unset( $this->runtime[ $id ] );
				return false;
			}
			$value = (int) $value;
		}
		$this->runtime[ $id ] = $value;
		return $value;
	}

	/**
	 * Empties the Redis database and the runtime cache.
	 *
	 * @return bool Whether Redis was flushed.
	 */
	public function flush(): bool {
		$this->runtime = array();
		return true === $this->redis->flushDB();
	}

	/**
	 * Empties the runtime cache.
	 *
	 * @return bool True.
	 */
	public function flush_runtime(): bool {
		$this->runtime = array();
		return true;
	}

	/**
	 * End of the request. The connection stays open, as in Redis Object Cache: shutdown functions registered
	 * after core's may still use the cache; PHP closes the connection when the object goes.
	 *
	 * @return bool True.
	 */
	public function close(): bool {
		return true;
	}

	/**
	 * Declares global groups.
	 *
	 * @param string|string[] $groups Groups.
	 */
	public function add_global_groups( $groups ): void {
		$this->global_groups = array_merge( $this->global_groups, array_fill_keys( (array) $groups, true ) );
	}

	/**
	 * Declares non-persistent groups.
	 *
	 * @param string|string[] $groups Groups.
	 */
	public function add_non_persistent_groups( $groups ): void {
		$this->non_persistent_groups = array_merge( $this->non_persistent_groups, array_fill_keys( (array) $groups, true ) );
	}

	/**
	 * Switches the site whose keys non-global groups use.
	 *
	 * @param int $blog_id Site ID.
	 */
	public function switch_to_blog( $blog_id ): void {
		$this->blog_id = (int) $blog_id;
	}

	/**
	 * The group, 'default' for an empty one (as in core's cache).
	 *
	 * @param string $group Group.
	 */
	private function group( $group ): string {
		return '' === (string) $group ? 'default' : (string) $group;
	}

	/**
	 * The Redis key (also the runtime cache's): salt, site (unless global), group, key.
	 *
	 * @param int|string $key   Key.
	 * @param string     $group Group, already through group().
	 */
	private function id( $key, string $group ): string {
		$site = isset( $this->global_groups[ $group ] ) ? '' : $this->blog_id . ':';
		return $this->salt . $site . $group . ':' . $key;
	}

	/**
	 * Whether a key is usable (core's cache refuses empty and non-scalar keys too).
	 *
	 * @param mixed $key Key.
	 */
	private function valid_key( $key ): bool {
		return ( is_int( $key ) || is_string( $key ) ) && '' !== $key;
	}

	/**
	 * Integers as decimal strings (so INCRBY works on them), everything else serialized.
	 *
	 * @param mixed $data Data.
	 */
	private function encode( $data ): string {
		return is_int( $data ) ? (string) $data : serialize( $data ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize -- the cache stores PHP values, as core's transients do.
	}

	/**
	 * Reverses encode(): a serialized value never looks like a decimal integer.
	 *
	 * @param string $stored Stored string.
	 * @return mixed The data.
	 */
	private function decode( string $stored ) {
		return preg_match( '/^-?\d+$/D', $stored ) ? (int) $stored : unserialize( $stored ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_unserialize -- written by encode() only.
	}
}
