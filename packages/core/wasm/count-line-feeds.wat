;; count(ptr, len): the LF bytes in memory[ptr, ptr + len). 64 bytes per step with 128-bit SIMD: four
;; i8x16.eq masks (-1 per matching lane) subtracted into byte lanes, widened into the 32-bit lanes of acc
;; every 63 steps (a byte lane holds at most 4 * 63 = 252); the last < 64 bytes one by one. The memory is
;; the caller's (imported), so bytes already in it are counted where they lie.
;; Assembled into src/count-line-feeds-wasm.ts by scripts/build-wasm.mjs; a test checks the two agree.
(module
  (import "env" "memory" (memory 1))
  (func (export "count") (param $ptr i32) (param $len i32) (result i32)
    (local $i i32) (local $end i32) (local $n i32) (local $total i32)
    (local $acc v128) (local $acc8 v128) (local $nl v128)
    (local.set $i (local.get $ptr))
    (local.set $end (i32.add (local.get $ptr) (local.get $len)))
    (local.set $nl (i8x16.splat (i32.const 10)))
    (block $done
      (loop $outer
        (br_if $done (i32.gt_u (i32.add (local.get $i) (i32.const 64)) (local.get $end)))
        (local.set $acc8 (v128.const i32x4 0 0 0 0))
        (local.set $n (i32.const 0))
        (block $flush
          (loop $inner
            (br_if $flush (i32.gt_u (i32.add (local.get $i) (i32.const 64)) (local.get $end)))
            (br_if $flush (i32.eq (local.get $n) (i32.const 63)))
            (local.get $acc8)
            (i8x16.eq (v128.load align=1 (local.get $i)) (local.get $nl))
            (i8x16.sub)
            (i8x16.eq (v128.load offset=16 align=1 (local.get $i)) (local.get $nl))
            (i8x16.sub)
            (i8x16.eq (v128.load offset=32 align=1 (local.get $i)) (local.get $nl))
            (i8x16.sub)
            (i8x16.eq (v128.load offset=48 align=1 (local.get $i)) (local.get $nl))
            (i8x16.sub)
            (local.set $acc8)
            (local.set $i (i32.add (local.get $i) (i32.const 64)))
            (local.set $n (i32.add (local.get $n) (i32.const 1)))
            (br $inner)))
        (local.set $acc
          (i32x4.add (local.get $acc) (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (local.get $acc8)))))
        (br $outer)))
    (local.set $total
      (i32.add
        (i32.add
          (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
          (i32x4.extract_lane 2 (local.get $acc)))
        (i32x4.extract_lane 3 (local.get $acc))))
    (block $finished
      (loop $tail
        (br_if $finished (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $total (i32.add (local.get $total) (i32.eq (i32.load8_u (local.get $i)) (i32.const 10))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $tail)))
    (local.get $total)))
