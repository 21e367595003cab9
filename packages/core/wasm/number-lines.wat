;; number(in, len, first, max, out, eof) -> (lines, consumed, written, longest, costly): the lines of memory[in, in + len)
;; (UTF-8 text split at LF; a CR before an LF belongs to the line end) written to memory from `out` as
;; `<number>\t<line>`, numbered from `first` and joined by LF, at most `max` of them. A last line without an
;; LF is a line only when `eof` is 1 (the bytes end where the file does), and keeps a CR it ends with.
;; `consumed` is the bytes of the lines written, with their line ends; `longest` the most bytes of one line
;; (its line end excluded); `costly` the bytes read that may cost more than one in a JSON string (C0
;; controls, `"`, `\`, bytes over 0x7f): every byte of the lines written is read, and up to 15 past them
;; (the rest of the 16 bytes the last LF is in), or the rest of the input. LFs are found 16 bytes at a time
;; (128-bit SIMD compare and bitmask), costly bytes counted in the same 16 bytes, each line copied 16 bytes
;; at a time. Assembled into src/number-lines-wasm.ts by scripts/build-wasm.mjs.
(module
  (import "env" "memory" (memory 1))
  ;; Where the previous line's number was written, and its digits.
  (global $prev (mut i32) (i32.const 0))
  (global $digits (mut i32) (i32.const 0))

  ;; Writes [LF if sep] <num> TAB memory[src, src + len) at o; returns where the next write goes. `sep` is 0
  ;; for a call's first line, whose number is written digit by digit; each later number is the previous
  ;; one's digits copied and incremented in place (a line's number is its predecessor's plus one). A short
  ;; line is copied 16 bytes at a time (a memory.copy per line cost more than the copying), so up to 15
  ;; bytes past it (and past the number) are read and written: the caller keeps 16 bytes spare past both.
  (func $line (param $src i32) (param $len i32) (param $o i32) (param $num i32) (param $sep i32) (result i32)
    (local $at i32) (local $t i32) (local $c i32) (local $end i32)
    (if (local.get $sep)
      (then
        (i32.store8 (local.get $o) (i32.const 10))
        (local.set $o (i32.add (local.get $o) (i32.const 1)))
        (v128.store align=1 (local.get $o) (v128.load align=1 (global.get $prev)))
        (local.set $at (i32.add (local.get $o) (i32.sub (global.get $digits) (i32.const 1))))
        (block $incremented
          (loop $carry
            (local.set $c (i32.load8_u (local.get $at)))
            (if (i32.ne (local.get $c) (i32.const 57))
              (then
                (i32.store8 (local.get $at) (i32.add (local.get $c) (i32.const 1)))
                (br $incremented)))
            (i32.store8 (local.get $at) (i32.const 48))
            (if (i32.eq (local.get $at) (local.get $o))
              (then
                ;; All nines: one digit more, 1 and zeros.
                (i32.store8 (local.get $o) (i32.const 49))
                (i32.store8 (i32.add (local.get $o) (global.get $digits)) (i32.const 48))
                (global.set $digits (i32.add (global.get $digits) (i32.const 1)))
                (br $incremented)))
            (local.set $at (i32.sub (local.get $at) (i32.const 1)))
            (br $carry))))
      (else
        ;; The digits, by comparison: line numbers are below 2^31, so at most ten.
        (global.set $digits
          (i32.add (i32.const 1)
            (i32.add
              (i32.add
                (i32.add (i32.ge_u (local.get $num) (i32.const 10)) (i32.ge_u (local.get $num) (i32.const 100)))
                (i32.add (i32.ge_u (local.get $num) (i32.const 1000)) (i32.ge_u (local.get $num) (i32.const 10000))))
              (i32.add
                (i32.add (i32.ge_u (local.get $num) (i32.const 100000)) (i32.ge_u (local.get $num) (i32.const 1000000)))
                (i32.add
                  (i32.add (i32.ge_u (local.get $num) (i32.const 10000000)) (i32.ge_u (local.get $num) (i32.const 100000000)))
                  (i32.ge_u (local.get $num) (i32.const 1000000000)))))))
        (local.set $at (i32.add (local.get $o) (global.get $digits)))
        (local.set $t (local.get $num))
        (loop $write
          (local.set $at (i32.sub (local.get $at) (i32.const 1)))
          (i32.store8 (local.get $at) (i32.add (i32.const 48) (i32.rem_u (local.get $t) (i32.const 10))))
          (local.set $t (i32.div_u (local.get $t) (i32.const 10)))
          (br_if $write (local.get $t)))))
    (global.set $prev (local.get $o))
    (local.set $o (i32.add (local.get $o) (global.get $digits)))
    (i32.store8 (local.get $o) (i32.const 9))
    (local.set $o (i32.add (local.get $o) (i32.const 1)))
    (local.set $end (i32.add (local.get $o) (local.get $len)))
    (if (i32.gt_u (local.get $len) (i32.const 128))
      (then
        (memory.copy (local.get $o) (local.get $src) (local.get $len))
        (return (local.get $end))))
    (block $copied
      (loop $copy
        (br_if $copied (i32.ge_u (local.get $o) (local.get $end)))
        (v128.store align=1 (local.get $o) (v128.load align=1 (local.get $src)))
        (local.set $o (i32.add (local.get $o) (i32.const 16)))
        (local.set $src (i32.add (local.get $src) (i32.const 16)))
        (br $copy)))
    (local.get $end))

  (func (export "number") (param $in i32) (param $len i32) (param $first i32) (param $max i32) (param $out i32) (param $eof i32)
    (result i32 i32 i32 i32 i32)
    (local $i i32) (local $end i32) (local $start i32) (local $o i32) (local $n i32) (local $mask i32)
    (local $p i32) (local $ll i32) (local $longest i32) (local $nl v128) (local $v v128)
    ;; Costly bytes: per byte lane (subtracting each -1), added into 32-bit lanes every 255 blocks, before a lane overflows.
    (local $costly8 v128) (local $costly32 v128) (local $blocks8 i32) (local $costly i32) (local $byte i32)
    (local $space v128) (local $quote v128) (local $backslash v128)
    (local.set $i (local.get $in))
    (local.set $start (local.get $in))
    (local.set $end (i32.add (local.get $in) (local.get $len)))
    (local.set $o (local.get $out))
    (local.set $nl (i8x16.splat (i32.const 10)))
    (local.set $space (i8x16.splat (i32.const 0x20)))
    (local.set $quote (i8x16.splat (i32.const 0x22)))
    (local.set $backslash (i8x16.splat (i32.const 0x5c)))
    (block $stop
      (br_if $stop (i32.eqz (local.get $max)))
      (block $blocks_done
        (loop $blocks
          (br_if $blocks_done (i32.gt_u (i32.add (local.get $i) (i32.const 16)) (local.get $end)))
          (local.set $v (v128.load align=1 (local.get $i)))
          (local.set $mask (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $nl))))
          ;; Costly: below 0x20 or over 0x7f (below 0x20 as a signed byte), a quote or a backslash.
          (local.set $costly8
            (i8x16.sub (local.get $costly8)
              (v128.or
                (i8x16.lt_s (local.get $v) (local.get $space))
                (v128.or (i8x16.eq (local.get $v) (local.get $quote)) (i8x16.eq (local.get $v) (local.get $backslash))))))
          (local.set $blocks8 (i32.add (local.get $blocks8) (i32.const 1)))
          (if (i32.eq (local.get $blocks8) (i32.const 255))
            (then
              (local.set $costly32
                (i32x4.add (local.get $costly32) (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (local.get $costly8)))))
              (local.set $costly8 (v128.const i32x4 0 0 0 0))
              (local.set $blocks8 (i32.const 0))))
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
          (local.set $byte (i32.load8_u (local.get $i)))
          (local.set $costly
            (i32.add (local.get $costly)
              (i32.or
                (i32.ge_u (i32.and (i32.sub (local.get $byte) (i32.const 0x20)) (i32.const 0xff)) (i32.const 0x60))
                (i32.or (i32.eq (local.get $byte) (i32.const 0x22)) (i32.eq (local.get $byte) (i32.const 0x5c))))))
          (if (i32.eq (local.get $byte) (i32.const 10))
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
    (local.set $costly32
      (i32x4.add (local.get $costly32) (i32x4.extadd_pairwise_i16x8_u (i16x8.extadd_pairwise_i8x16_u (local.get $costly8)))))
    (local.get $n)
    (i32.sub (local.get $start) (local.get $in))
    (i32.sub (local.get $o) (local.get $out))
    (local.get $longest)
    (i32.add (local.get $costly)
      (i32.add
        (i32.add (i32x4.extract_lane 0 (local.get $costly32)) (i32x4.extract_lane 1 (local.get $costly32)))
        (i32.add (i32x4.extract_lane 2 (local.get $costly32)) (i32x4.extract_lane 3 (local.get $costly32)))))))
