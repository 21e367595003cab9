;; classes(ptr, len): how many bytes of memory[ptr, ptr + len) fall in each class that prices a byte in a
;; JSON string, as five results: C0 controls (< 0x20), those JSON escapes in two bytes (\b \t \n \f \r),
;; quotes and backslashes, line ends (LF, CR), bytes over 0x7f. 16 bytes per step with 128-bit SIMD: each
;; class's i8x16 mask (-1 per matching lane) is subtracted into its byte lanes, widened into 32-bit lanes
;; every 255 steps (a byte lane holds at most 255); the last < 16 bytes one by one. The memory is the
;; caller's (imported). Assembled into src/json-cost-wasm.ts by scripts/build-wasm.mjs; a test checks the
;; two agree.
(module
  (import "env" "memory" (memory 1))
  (func $widen (param $lanes v128) (result v128)
    (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (local.get $lanes))))
  (func $sum (param $lanes v128) (result i32)
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $lanes)) (i32x4.extract_lane 1 (local.get $lanes)))
      (i32.add (i32x4.extract_lane 2 (local.get $lanes)) (i32x4.extract_lane 3 (local.get $lanes)))))
  (func (export "classes") (param $ptr i32) (param $len i32) (result i32 i32 i32 i32 i32)
    (local $i i32) (local $end i32) (local $n i32) (local $byte i32)
    (local $v v128) (local $lf v128) (local $cr v128)
    (local $control8 v128) (local $short8 v128) (local $quote8 v128) (local $ends8 v128) (local $high8 v128)
    (local $control v128) (local $short v128) (local $quote v128) (local $ends v128) (local $high v128)
    (local $control_n i32) (local $short_n i32) (local $quote_n i32) (local $ends_n i32) (local $high_n i32)
    (local.set $i (local.get $ptr))
    (local.set $end (i32.add (local.get $ptr) (local.get $len)))
    (local.set $lf (i8x16.splat (i32.const 0x0a)))
    (local.set $cr (i8x16.splat (i32.const 0x0d)))
    (block $done
      (loop $outer
        (br_if $done (i32.gt_u (i32.add (local.get $i) (i32.const 16)) (local.get $end)))
        (local.set $control8 (v128.const i32x4 0 0 0 0))
        (local.set $short8 (v128.const i32x4 0 0 0 0))
        (local.set $quote8 (v128.const i32x4 0 0 0 0))
        (local.set $ends8 (v128.const i32x4 0 0 0 0))
        (local.set $high8 (v128.const i32x4 0 0 0 0))
        (local.set $n (i32.const 0))
        (block $flush
          (loop $inner
            (br_if $flush (i32.gt_u (i32.add (local.get $i) (i32.const 16)) (local.get $end)))
            (br_if $flush (i32.eq (local.get $n) (i32.const 255)))
            (local.set $v (v128.load align=1 (local.get $i)))
            (local.set $control8
              (i8x16.sub (local.get $control8) (i8x16.lt_u (local.get $v) (i8x16.splat (i32.const 0x20)))))
            ;; 0x08-0x0d but 0x0b: v - 8 < 6 (unsigned), and not 0x0b.
            (local.set $short8
              (i8x16.sub (local.get $short8)
                (v128.andnot
                  (i8x16.lt_u (i8x16.sub (local.get $v) (i8x16.splat (i32.const 0x08))) (i8x16.splat (i32.const 6)))
                  (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x0b))))))
            (local.set $quote8
              (i8x16.sub (local.get $quote8)
                (v128.or
                  (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x22)))
                  (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x5c))))))
            (local.set $ends8
              (i8x16.sub (local.get $ends8)
                (v128.or (i8x16.eq (local.get $v) (local.get $lf)) (i8x16.eq (local.get $v) (local.get $cr)))))
            (local.set $high8
              (i8x16.sub (local.get $high8) (i8x16.lt_s (local.get $v) (v128.const i32x4 0 0 0 0))))
            (local.set $i (i32.add (local.get $i) (i32.const 16)))
            (local.set $n (i32.add (local.get $n) (i32.const 1)))
            (br $inner)))
        (local.set $control (i32x4.add (local.get $control) (call $widen (local.get $control8))))
        (local.set $short (i32x4.add (local.get $short) (call $widen (local.get $short8))))
        (local.set $quote (i32x4.add (local.get $quote) (call $widen (local.get $quote8))))
        (local.set $ends (i32x4.add (local.get $ends) (call $widen (local.get $ends8))))
        (local.set $high (i32x4.add (local.get $high) (call $widen (local.get $high8))))
        (br $outer)))
    (local.set $control_n (call $sum (local.get $control)))
    (local.set $short_n (call $sum (local.get $short)))
    (local.set $quote_n (call $sum (local.get $quote)))
    (local.set $ends_n (call $sum (local.get $ends)))
    (local.set $high_n (call $sum (local.get $high)))
    (block $finished
      (loop $tail
        (br_if $finished (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $byte (i32.load8_u (local.get $i)))
        (local.set $control_n (i32.add (local.get $control_n) (i32.lt_u (local.get $byte) (i32.const 0x20))))
        (local.set $short_n
          (i32.add (local.get $short_n)
            (i32.and
              (i32.lt_u (i32.sub (local.get $byte) (i32.const 0x08)) (i32.const 6))
              (i32.ne (local.get $byte) (i32.const 0x0b)))))
        (local.set $quote_n
          (i32.add (local.get $quote_n)
            (i32.or (i32.eq (local.get $byte) (i32.const 0x22)) (i32.eq (local.get $byte) (i32.const 0x5c)))))
        (local.set $ends_n
          (i32.add (local.get $ends_n)
            (i32.or (i32.eq (local.get $byte) (i32.const 0x0a)) (i32.eq (local.get $byte) (i32.const 0x0d)))))
        (local.set $high_n (i32.add (local.get $high_n) (i32.ge_u (local.get $byte) (i32.const 0x80))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $tail)))
    (local.get $control_n) (local.get $short_n) (local.get $quote_n) (local.get $ends_n) (local.get $high_n)))
