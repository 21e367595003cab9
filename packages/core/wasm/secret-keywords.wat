;; has(at, end, found, span): whether a secret keyword starts in memory[at, end) (or up to 15 past end),
;; 1 or 0. Shufti, with 128-bit SIMD, finds the offsets where one may start: each of three bytes is looked up
;; by its low and its high nibble in two 16-byte tables (i8x16.swizzle), whose AND is the byte's buckets
;; (one bit per group of keywords that can have it there); a lane whose three bytes share a bucket is a
;; candidate. From each candidate the keyword automaton (a table of 256 bytes a state, state `found`
;; reached once a keyword ends) runs over `span` bytes, or until it is back at its start. Memory: the six nibble tables at 0 (low and high
;; nibble of the first, second and third byte), the automaton at 128; past end the caller puts at least
;; `span` + 16 zero bytes, which start nothing. Assembled into src/secret-keywords-wasm.ts by
;; scripts/build-wasm.mjs; a test checks the two agree.
(module
  (import "env" "memory" (memory 2))
  (func (export "has") (param $at i32) (param $end i32) (param $found i32) (param $span i32) (result i32)
    (local $low0 v128) (local $high0 v128) (local $low1 v128) (local $high1 v128) (local $low2 v128) (local $high2 v128)
    (local $nibble v128) (local $b0 v128) (local $b1 v128) (local $b2 v128) (local $mask i32) (local $from i32) (local $stop i32) (local $state i32)
    (local.set $nibble (i8x16.splat (i32.const 0x0f)))
    (local.set $low0 (v128.load (i32.const 0)))
    (local.set $high0 (v128.load (i32.const 16)))
    (local.set $low1 (v128.load (i32.const 32)))
    (local.set $high1 (v128.load (i32.const 48)))
    (local.set $low2 (v128.load (i32.const 64)))
    (local.set $high2 (v128.load (i32.const 80)))
    (block $none
      (loop $next
        (br_if $none (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $b0 (v128.load align=1 (local.get $at)))
        (local.set $b1 (v128.load offset=1 align=1 (local.get $at)))
        (local.set $b2 (v128.load offset=2 align=1 (local.get $at)))
        ;; The lanes whose three bytes share no bucket are 0: the bitmask of those, inverted, is the candidates.
        (local.set $mask
          (i32.xor (i32.const 0xffff)
            (i8x16.bitmask
              (i8x16.eq
                (v128.and
                  (v128.and
                    (v128.and
                      (i8x16.swizzle (local.get $low0) (v128.and (local.get $b0) (local.get $nibble)))
                      (i8x16.swizzle (local.get $high0) (i8x16.shr_u (local.get $b0) (i32.const 4))))
                    (v128.and
                      (i8x16.swizzle (local.get $low1) (v128.and (local.get $b1) (local.get $nibble)))
                      (i8x16.swizzle (local.get $high1) (i8x16.shr_u (local.get $b1) (i32.const 4)))))
                  (v128.and
                    (i8x16.swizzle (local.get $low2) (v128.and (local.get $b2) (local.get $nibble)))
                    (i8x16.swizzle (local.get $high2) (i8x16.shr_u (local.get $b2) (i32.const 4)))))
                (v128.const i32x4 0 0 0 0)))))
        (block $checked
          (loop $candidate
            (br_if $checked (i32.eqz (local.get $mask)))
            (local.set $from (i32.add (local.get $at) (i32.ctz (local.get $mask))))
            (local.set $stop (i32.add (local.get $from) (local.get $span)))
            (local.set $state (i32.const 0))
            (block $ran
              (loop $step
                (br_if $ran (i32.ge_u (local.get $from) (local.get $stop)))
                (local.set $state
                  (i32.load8_u offset=128
                    (i32.or (i32.shl (local.get $state) (i32.const 8)) (i32.load8_u (local.get $from)))))
                (local.set $from (i32.add (local.get $from) (i32.const 1)))
                ;; Back at the start: no keyword starts at the candidate (a later one is its own candidate).
                (br_if $ran (i32.eqz (local.get $state)))
                (br $step)))
            (if (i32.eq (local.get $state) (local.get $found)) (then (return (i32.const 1))))
            (local.set $mask (i32.and (local.get $mask) (i32.sub (local.get $mask) (i32.const 1))))
            (br $candidate)))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $next)))
    (i32.const 0)))
