;; number(in, len, first, max, out, eof) -> (lines, consumed, written, longest): the lines of memory[in, in + len)
;; (UTF-8 text split at LF; a CR before an LF belongs to the line end) written to memory from `out` as
;; `<number>\t<line>`, numbered from `first` and joined by LF, at most `max` of them. A last line without an
;; LF is a line only when `eof` is 1 (the bytes end where the file does), and keeps a CR it ends with.
;; `consumed` is the bytes of the lines written, with their line ends; `longest` the most bytes of one line
;; (its line end excluded). LFs are found 16 bytes at a time (128-bit SIMD compare and bitmask), each line
;; copied with memory.copy. Assembled into src/number-lines-wasm.ts by scripts/build-wasm.mjs.
(module
  (import "env" "memory" (memory 1))
  ;; Writes [LF if sep] <num> TAB memory[src, src + len) at o; returns where the next write goes.
  (func $line (param $src i32) (param $len i32) (param $o i32) (param $num i32) (param $sep i32) (result i32)
    (local $digits i32) (local $t i32) (local $at i32)
    (if (local.get $sep)
      (then
        (i32.store8 (local.get $o) (i32.const 10))
        (local.set $o (i32.add (local.get $o) (i32.const 1)))))
    (local.set $digits (i32.const 1))
    (local.set $t (local.get $num))
    (block $counted
      (loop $count
        (br_if $counted (i32.lt_u (local.get $t) (i32.const 10)))
        (local.set $t (i32.div_u (local.get $t) (i32.const 10)))
        (local.set $digits (i32.add (local.get $digits) (i32.const 1)))
        (br $count)))
    (local.set $at (i32.add (local.get $o) (local.get $digits)))
    (local.set $t (local.get $num))
    (loop $write
      (local.set $at (i32.sub (local.get $at) (i32.const 1)))
      (i32.store8 (local.get $at) (i32.add (i32.const 48) (i32.rem_u (local.get $t) (i32.const 10))))
      (local.set $t (i32.div_u (local.get $t) (i32.const 10)))
      (br_if $write (local.get $t)))
    (local.set $o (i32.add (local.get $o) (local.get $digits)))
    (i32.store8 (local.get $o) (i32.const 9))
    (local.set $o (i32.add (local.get $o) (i32.const 1)))
    (memory.copy (local.get $o) (local.get $src) (local.get $len))
    (i32.add (local.get $o) (local.get $len)))

  (func (export "number") (param $in i32) (param $len i32) (param $first i32) (param $max i32) (param $out i32) (param $eof i32)
    (result i32 i32 i32 i32)
    (local $i i32) (local $end i32) (local $start i32) (local $o i32) (local $n i32) (local $mask i32)
    (local $p i32) (local $ll i32) (local $longest i32) (local $nl v128)
    (local.set $i (local.get $in))
    (local.set $start (local.get $in))
    (local.set $end (i32.add (local.get $in) (local.get $len)))
    (local.set $o (local.get $out))
    (local.set $nl (i8x16.splat (i32.const 10)))
    (block $stop
      (br_if $stop (i32.eqz (local.get $max)))
      (block $blocks_done
        (loop $blocks
          (br_if $blocks_done (i32.gt_u (i32.add (local.get $i) (i32.const 16)) (local.get $end)))
          (local.set $mask (i8x16.bitmask (i8x16.eq (v128.load align=1 (local.get $i)) (local.get $nl))))
          (block $bits_done
            (loop $bits
              (br_if $bits_done (i32.eqz (local.get $mask)))
              (local.set $p (i32.add (local.get $i) (i32.ctz (local.get $mask))))
              (local.set $ll (i32.sub (local.get $p) (local.get $start)))
              ;; Nested, not i32.and: both operands of an and are evaluated, and the load would read before `in`.
              (if (i32.gt_u (local.get $ll) (i32.const 0))
                (then
                  (if (i32.eq (i32.load8_u (i32.sub (local.get $p) (i32.const 1))) (i32.const 13))
                    (then (local.set $ll (i32.sub (local.get $ll) (i32.const 1)))))))
              (if (i32.gt_u (local.get $ll) (local.get $longest)) (then (local.set $longest (local.get $ll))))
              (local.set $o (call $line (local.get $start) (local.get $ll) (local.get $o) (i32.add (local.get $first) (local.get $n)) (local.get $n)))
              (local.set $n (i32.add (local.get $n) (i32.const 1)))
              (local.set $start (i32.add (local.get $p) (i32.const 1)))
              (br_if $stop (i32.eq (local.get $n) (local.get $max)))
              (local.set $mask (i32.and (local.get $mask) (i32.sub (local.get $mask) (i32.const 1))))
              (br $bits)))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br $blocks)))
      (block $tail_done
        (loop $tail
          (br_if $tail_done (i32.ge_u (local.get $i) (local.get $end)))
          (if (i32.eq (i32.load8_u (local.get $i)) (i32.const 10))
            (then
              (local.set $ll (i32.sub (local.get $i) (local.get $start)))
              ;; Nested, not i32.and: both operands of an and are evaluated, and the load would read before `in`.
              (if (i32.gt_u (local.get $ll) (i32.const 0))
                (then
                  (if (i32.eq (i32.load8_u (i32.sub (local.get $i) (i32.const 1))) (i32.const 13))
                    (then (local.set $ll (i32.sub (local.get $ll) (i32.const 1)))))))
              (if (i32.gt_u (local.get $ll) (local.get $longest)) (then (local.set $longest (local.get $ll))))
              (local.set $o (call $line (local.get $start) (local.get $ll) (local.get $o) (i32.add (local.get $first) (local.get $n)) (local.get $n)))
              (local.set $n (i32.add (local.get $n) (i32.const 1)))
              (local.set $start (i32.add (local.get $i) (i32.const 1)))
              (br_if $stop (i32.eq (local.get $n) (local.get $max)))))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br $tail)))
      (if (i32.and (local.get $eof) (i32.lt_u (local.get $start) (local.get $end)))
        (then
          (local.set $ll (i32.sub (local.get $end) (local.get $start)))
          (if (i32.gt_u (local.get $ll) (local.get $longest)) (then (local.set $longest (local.get $ll))))
          (local.set $o (call $line (local.get $start) (local.get $ll) (local.get $o) (i32.add (local.get $first) (local.get $n)) (local.get $n)))
          (local.set $n (i32.add (local.get $n) (i32.const 1)))
          (local.set $start (local.get $end)))))
    (local.get $n)
    (i32.sub (local.get $start) (local.get $in))
    (i32.sub (local.get $o) (local.get $out))
    (local.get $longest)))
