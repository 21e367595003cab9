;; decode(in, len, out) -> units: the valid UTF-8 of memory[in, in + len) written from `out` as UTF-16LE
;; code units (a character past U+FFFF as its surrogate pair); returns the units written, or -1 at a
;; character over U+007F when such characters, it included, outnumber 64 plus one for every eight bytes
;; before it: text that dense (Japanese, Chinese) decodes faster elsewhere. The input must be valid UTF-8
;; (the caller checks): no byte is validated. 16 bytes at a time with 128-bit SIMD while they are ASCII
;; (each widened to two bytes); at a byte over 0x7f the ASCII before it is kept and its character decoded
;; alone. A block is widened before it is checked, but only while 16 bytes of input are left, so nothing is
;; written past `out` + 2 * `len`. Assembled into src/utf8-to-utf16-wasm.ts by scripts/build-wasm.mjs.
(module
  (import "env" "memory" (memory 1))
  (func (export "decode") (param $in i32) (param $len i32) (param $out i32) (result i32)
    (local $i i32) (local $end i32) (local $o i32) (local $v v128) (local $mask i32) (local $ascii i32)
    (local $b i32) (local $cp i32) (local $multi i32)
    (local.set $i (local.get $in))
    (local.set $end (i32.add (local.get $in) (local.get $len)))
    (local.set $o (local.get $out))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (if (i32.and (i32.le_u (i32.add (local.get $i) (i32.const 16)) (local.get $end))
              (i32.lt_u (i32.load8_u (local.get $i)) (i32.const 0x80)))
          (then
            (local.set $v (v128.load align=1 (local.get $i)))
            (v128.store align=1 (local.get $o) (i16x8.extend_low_i8x16_u (local.get $v)))
            (v128.store offset=16 align=1 (local.get $o) (i16x8.extend_high_i8x16_u (local.get $v)))
            (local.set $mask (i8x16.bitmask (local.get $v)))
            (if (i32.eqz (local.get $mask))
              (then
                (local.set $i (i32.add (local.get $i) (i32.const 16)))
                (local.set $o (i32.add (local.get $o) (i32.const 32)))
                (br $next)))
            ;; The ASCII bytes before the first byte over 0x7f are written already.
            (local.set $ascii (i32.ctz (local.get $mask)))
            (local.set $i (i32.add (local.get $i) (local.get $ascii)))
            (local.set $o (i32.add (local.get $o) (i32.shl (local.get $ascii) (i32.const 1))))))
        (local.set $b (i32.load8_u (local.get $i)))
        (if (i32.lt_u (local.get $b) (i32.const 0x80))
          (then
            (i32.store16 (local.get $o) (local.get $b))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (local.set $o (i32.add (local.get $o) (i32.const 2)))
            (br $next)))
        (local.set $multi (i32.add (local.get $multi) (i32.const 1)))
        (if (i32.gt_u (i32.shl (local.get $multi) (i32.const 3)) (i32.add (i32.sub (local.get $i) (local.get $in)) (i32.const 512)))
          (then (return (i32.const -1))))
        (if (i32.lt_u (local.get $b) (i32.const 0xe0))
          (then
            (i32.store16 (local.get $o)
              (i32.or
                (i32.shl (i32.and (local.get $b) (i32.const 0x1f)) (i32.const 6))
                (i32.and (i32.load8_u offset=1 (local.get $i)) (i32.const 0x3f))))
            (local.set $i (i32.add (local.get $i) (i32.const 2)))
            (local.set $o (i32.add (local.get $o) (i32.const 2)))
            (br $next)))
        (if (i32.lt_u (local.get $b) (i32.const 0xf0))
          (then
            (i32.store16 (local.get $o)
              (i32.or
                (i32.or
                  (i32.shl (i32.and (local.get $b) (i32.const 0x0f)) (i32.const 12))
                  (i32.shl (i32.and (i32.load8_u offset=1 (local.get $i)) (i32.const 0x3f)) (i32.const 6)))
                (i32.and (i32.load8_u offset=2 (local.get $i)) (i32.const 0x3f))))
            (local.set $i (i32.add (local.get $i) (i32.const 3)))
            (local.set $o (i32.add (local.get $o) (i32.const 2)))
            (br $next)))
        ;; Four bytes: a character past U+FFFF, written as its surrogate pair.
        (local.set $cp
          (i32.sub
            (i32.or
              (i32.or
                (i32.shl (i32.and (local.get $b) (i32.const 0x07)) (i32.const 18))
                (i32.shl (i32.and (i32.load8_u offset=1 (local.get $i)) (i32.const 0x3f)) (i32.const 12)))
              (i32.or
                (i32.shl (i32.and (i32.load8_u offset=2 (local.get $i)) (i32.const 0x3f)) (i32.const 6))
                (i32.and (i32.load8_u offset=3 (local.get $i)) (i32.const 0x3f))))
            (i32.const 0x10000)))
        (i32.store16 (local.get $o) (i32.or (i32.const 0xd800) (i32.shr_u (local.get $cp) (i32.const 10))))
        (i32.store16 offset=2 (local.get $o) (i32.or (i32.const 0xdc00) (i32.and (local.get $cp) (i32.const 0x3ff))))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (local.set $o (i32.add (local.get $o) (i32.const 4)))
        (br $next)))
    (i32.shr_u (i32.sub (local.get $o) (local.get $out)) (i32.const 1))))
