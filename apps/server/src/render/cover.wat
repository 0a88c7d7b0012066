;; The cover picture of an export frame (`cover.ts`, D31): an opaque photo filling the frame under
;; everything else, drawn here rather than by Skia, and the rest of the frame (drawn by Skia on a
;; transparent canvas) blended over it. Regenerate `cover.wasm.ts` with `node --import tsx
;; src/render/build-wasm.ts` in apps/server; `cover.test.ts` checks the two agree.
;;
;; `resample` draws the picture. It reproduces the pixels of Skia's `drawImage(img, x, y, w, h)`
;; (default smoothing, a scale-and-translate matrix) bit for bit, in about a third of Skia's time
;; (1.9 ms against 5.6 ms at 1080p): Skia draws such an image with its "legacy" SkBitmapProcState
;; filter, which uses 4-bit weights (0..15, in 16ths of a pixel) and truncates:
;;
;;   h(row)   = p[row][x0] · (16 − wx) + p[row][x1] · wx                  (0 .. 4080)
;;   out      = (h(y0) · (16 − wy) + h(y1) · wy) >> 8                     (0 .. 255)
;;
;; Integer sums with no rounding in between, so the order of the two passes does not change the
;; result. Which source columns and rows, and their weights, are worked out per frame in JS
;; (`cover.ts`, where the fixed-point details of Skia's mapping live) and handed over as
;; tables:
;;
;;   xtab: one 32-byte record per pair of output columns (A, B):
;;           bytes 0..3   i32  byte offset of A's x0 in a source row (x0 · 4)
;;           bytes 4..7   i32  the same for B
;;           bytes 8..15  unused
;;           bytes 16..31 i16x8 (wA, wA, wA, wA, wB, wB, wB, wB)
;;         The second pixel of each pair of source pixels is read at x0 + 1; at a clamped edge
;;         (Skia's x1 = x0) the weight is 0 instead, which gives the same 16 · p[x0]. So a source
;;         row is read up to 4 bytes past its end: the last row needs 16 bytes of slack after it.
;;   ytab: one 16-byte record per output row: i32 y0, i32 y1, i32 wy, unused (y1 = y0 when clamped).
;;
;; The horizontal pass runs on source rows, into 16-bit rows (4 lanes a pixel, values ×16). Each
;; source row is filtered once and kept for the next output row: with a zoom-in, consecutive output
;; rows mostly share a source row (two slots, by the row's parity). The vertical pass then blends
;; two such rows per output row and narrows to bytes.
;;
;; Output columns come in blocks of 4 (16 bytes): the tables are padded to a multiple of 4 columns
;; and each output row is written in whole blocks, so a row whose width is not a multiple of 4
;; spills up to 12 bytes into the next row (written again right after) or, for the last row, past
;; the frame: leave 16 bytes of slack after `dst`. At least one block (4 columns) and one row.
;;
;; `blendOver` draws premultiplied pixels over opaque ones (source-over, Skia's rounding), and
;; `anyVisible` tells whether a run of pixels has any that are not fully transparent, so strips of
;; the frame with nothing over the picture are not blended at all.
;;
;; The memory is imported and shared, as `rgba-to-i420.wat`'s: both modules work in one memory.
(module
  (import "env" "memory" (memory 1 65536 shared))

  ;; Horizontal pass over one source row at $row: $blocks blocks of 4 output columns, read from the
  ;; column table at $xtab, written to $out as i16 lanes (R, G, B, A of each column, ×16).
  (func $horizontal (param $row i32) (param $xtab i32) (param $out i32) (param $blocks i32)
    (local $end i32) (local $v v128) (local $p0 v128)
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $blocks) (i32.const 5))))
    (loop $block
      ;; columns A and B: v = [A0 A1 | B0 B1] (the source pixels at x0 and x0 + 1 of each) ...
      (local.set $v
        (v128.load64_lane 1
          (i32.add (local.get $row) (i32.load offset=4 (local.get $xtab)))
          (v128.load64_zero (i32.add (local.get $row) (i32.load offset=0 (local.get $xtab))))))
      ;; ... reordered into [A0 B0 | A1 B1], so widening the low and high halves gives
      ;; p0 = (A0, B0) and p1 = (A1, B1) as i16 lanes; then 16 · p0 + w · (p1 − p0).
      (local.set $v (i8x16.swizzle (local.get $v)
        (v128.const i8x16 0 1 2 3 8 9 10 11 4 5 6 7 12 13 14 15)))
      (local.set $p0 (i16x8.extend_low_i8x16_u (local.get $v)))
      (v128.store offset=0 (local.get $out)
        (i16x8.add
          (i16x8.shl (local.get $p0) (i32.const 4))
          (i16x8.mul
            (i16x8.sub (i16x8.extend_high_i8x16_u (local.get $v)) (local.get $p0))
            (v128.load offset=16 (local.get $xtab)))))
      ;; columns C and D, the same way from the next record
      (local.set $v
        (v128.load64_lane 1
          (i32.add (local.get $row) (i32.load offset=36 (local.get $xtab)))
          (v128.load64_zero (i32.add (local.get $row) (i32.load offset=32 (local.get $xtab))))))
      (local.set $v (i8x16.swizzle (local.get $v)
        (v128.const i8x16 0 1 2 3 8 9 10 11 4 5 6 7 12 13 14 15)))
      (local.set $p0 (i16x8.extend_low_i8x16_u (local.get $v)))
      (v128.store offset=16 (local.get $out)
        (i16x8.add
          (i16x8.shl (local.get $p0) (i32.const 4))
          (i16x8.mul
            (i16x8.sub (i16x8.extend_high_i8x16_u (local.get $v)) (local.get $p0))
            (v128.load offset=48 (local.get $xtab)))))
      (local.set $xtab (i32.add (local.get $xtab) (i32.const 64)))
      (br_if $block (i32.lt_u (local.tee $out (i32.add (local.get $out) (i32.const 32))) (local.get $end)))))

  ;; Vertical pass: blends the filtered rows $h0 and $h1 with weight $wy (0..15) into $blocks
  ;; blocks of 4 RGBA pixels at $out: (16 · h0 + wy · (h1 − h0)) >> 8. The sum is at most
  ;; 255 · 256 = 65280: i16 arithmetic wraps, but the final value is right read as unsigned.
  (func $vertical (param $h0 i32) (param $h1 i32) (param $out i32) (param $blocks i32) (param $wy i32)
    (local $end i32) (local $w v128) (local $a v128) (local $b v128)
    (local.set $w (i16x8.splat (local.get $wy)))
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $blocks) (i32.const 4))))
    (loop $block
      (local.set $a (v128.load offset=0 (local.get $h0)))
      (local.set $b (v128.load offset=16 (local.get $h0)))
      (v128.store (local.get $out)
        (i8x16.narrow_i16x8_u
          (i16x8.shr_u
            (i16x8.add (i16x8.shl (local.get $a) (i32.const 4))
              (i16x8.mul (i16x8.sub (v128.load offset=0 (local.get $h1)) (local.get $a)) (local.get $w)))
            (i32.const 8))
          (i16x8.shr_u
            (i16x8.add (i16x8.shl (local.get $b) (i32.const 4))
              (i16x8.mul (i16x8.sub (v128.load offset=16 (local.get $h1)) (local.get $b)) (local.get $w)))
            (i32.const 8))))
      (local.set $h0 (i32.add (local.get $h0) (i32.const 32)))
      (local.set $h1 (i32.add (local.get $h1) (i32.const 32)))
      (br_if $block (i32.lt_u (local.tee $out (i32.add (local.get $out) (i32.const 16))) (local.get $end)))))

  ;; resample(src, srcStride, dst, dstStride, xtab, blocks, ytab, rows, hbuf): fills `rows` rows of
  ;; `blocks` · 4 pixels at dst (rows dstStride bytes apart) from the image at src (rows srcStride
  ;; bytes apart), as the tables say. hbuf: room for two filtered rows of blocks · 32 bytes each.
  (func (export "resample")
    (param $src i32) (param $srcStride i32) (param $dst i32) (param $dstStride i32)
    (param $xtab i32) (param $blocks i32) (param $ytab i32) (param $rows i32) (param $hbuf i32)
    (local $slotBytes i32) (local $tag0 i32) (local $tag1 i32) (local $end i32)
    (local $y0 i32) (local $y1 i32) (local $s0 i32) (local $s1 i32)
    (local.set $slotBytes (i32.shl (local.get $blocks) (i32.const 5)))
    ;; which source row each slot holds (slot = the row's parity); -1: none yet
    (local.set $tag0 (i32.const -1))
    (local.set $tag1 (i32.const -1))
    (local.set $end (i32.add (local.get $ytab) (i32.shl (local.get $rows) (i32.const 4))))
    (block $done
      (br_if $done (i32.eqz (local.get $rows)))
      (loop $row
        (local.set $y0 (i32.load offset=0 (local.get $ytab)))
        (local.set $y1 (i32.load offset=4 (local.get $ytab)))
        ;; make sure both source rows are filtered (y1 = y0 at a clamped edge: one is enough)
        (local.set $s0 (i32.add (local.get $hbuf) (i32.mul (i32.and (local.get $y0) (i32.const 1)) (local.get $slotBytes))))
        (local.set $s1 (i32.add (local.get $hbuf) (i32.mul (i32.and (local.get $y1) (i32.const 1)) (local.get $slotBytes))))
        (if (i32.ne (local.get $y0) (select (local.get $tag1) (local.get $tag0) (i32.and (local.get $y0) (i32.const 1))))
          (then
            (call $horizontal (i32.add (local.get $src) (i32.mul (local.get $y0) (local.get $srcStride)))
              (local.get $xtab) (local.get $s0) (local.get $blocks))
            (if (i32.and (local.get $y0) (i32.const 1))
              (then (local.set $tag1 (local.get $y0)))
              (else (local.set $tag0 (local.get $y0))))))
        (if (i32.ne (local.get $y1) (select (local.get $tag1) (local.get $tag0) (i32.and (local.get $y1) (i32.const 1))))
          (then
            (call $horizontal (i32.add (local.get $src) (i32.mul (local.get $y1) (local.get $srcStride)))
              (local.get $xtab) (local.get $s1) (local.get $blocks))
            (if (i32.and (local.get $y1) (i32.const 1))
              (then (local.set $tag1 (local.get $y1)))
              (else (local.set $tag0 (local.get $y1))))))
        (call $vertical (local.get $s0) (local.get $s1) (local.get $dst) (local.get $blocks)
          (i32.load offset=8 (local.get $ytab)))
        (local.set $dst (i32.add (local.get $dst) (local.get $dstStride)))
        (br_if $row (i32.lt_u (local.tee $ytab (i32.add (local.get $ytab) (i32.const 16))) (local.get $end))))))
  ;; blendOver(dst, src, bytes): dst = src + dst · (255 − src alpha) / 255 per channel, for `bytes`
  ;; bytes (a multiple of 16) of premultiplied RGBA at src over opaque RGBA at dst. The division is
  ;; Skia's (v + 255) >> 8. Blocks of 4 fully transparent source pixels are skipped.
  (func (export "blendOver") (param $dst i32) (param $src i32) (param $bytes i32)
    (local $end i32) (local $s v128) (local $d v128) (local $inv v128)
    (local.set $end (i32.add (local.get $dst) (local.get $bytes)))
    (block $done
      (br_if $done (i32.eqz (local.get $bytes)))
      (loop $block
        (local.set $s (v128.load (local.get $src)))
        (if (v128.any_true (local.get $s))
          (then
            (local.set $d (v128.load (local.get $dst)))
            ;; 255 − each pixel's alpha, in all four of its lanes
            (local.set $inv
              (i8x16.sub (v128.const i8x16 255 255 255 255 255 255 255 255 255 255 255 255 255 255 255 255)
                (i8x16.swizzle (local.get $s) (v128.const i8x16 3 3 3 3 7 7 7 7 11 11 11 11 15 15 15 15))))
            (v128.store (local.get $dst)
              (i8x16.add_sat_u (local.get $s)
                (i8x16.narrow_i16x8_u
                  (i16x8.shr_u
                    (i16x8.add
                      (i16x8.mul (i16x8.extend_low_i8x16_u (local.get $d)) (i16x8.extend_low_i8x16_u (local.get $inv)))
                      (v128.const i16x8 255 255 255 255 255 255 255 255))
                    (i32.const 8))
                  (i16x8.shr_u
                    (i16x8.add
                      (i16x8.mul (i16x8.extend_high_i8x16_u (local.get $d)) (i16x8.extend_high_i8x16_u (local.get $inv)))
                      (v128.const i16x8 255 255 255 255 255 255 255 255))
                    (i32.const 8)))))))
        (local.set $src (i32.add (local.get $src) (i32.const 16)))
        (br_if $block (i32.lt_u (local.tee $dst (i32.add (local.get $dst) (i32.const 16))) (local.get $end))))))

  ;; anyVisible(src, bytes): 1 when any of `bytes` bytes (a multiple of 16) at src is not zero —
  ;; premultiplied pixels that are all zero are fully transparent — else 0.
  (func (export "anyVisible") (param $src i32) (param $bytes i32) (result i32)
    (local $end i32) (local $acc v128)
    (local.set $end (i32.add (local.get $src) (local.get $bytes)))
    (block $done
      (br_if $done (i32.eqz (local.get $bytes)))
      (loop $block
        (local.set $acc (v128.or (local.get $acc) (v128.load (local.get $src))))
        (br_if $block (i32.lt_u (local.tee $src (i32.add (local.get $src) (i32.const 16))) (local.get $end)))))
    (v128.any_true (local.get $acc))))
