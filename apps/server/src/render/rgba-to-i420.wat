;; RGBA (8 bits a channel, alpha ignored) to I420 / yuv420p, BT.709, limited range, with WebAssembly
;; SIMD. The source of `rgba-to-i420.wasm.ts` (regenerate with `node --import tsx
;; src/render/build-wasm.ts` in apps/server; `yuv.test.ts` checks the two agree).
;;
;; Luma per pixel, chroma from the sum of each 2×2 block. A pixel loaded as i16 lanes is
;; (R | G << 8, B | A << 8): masking gives (R, B) lanes, a shift gives (G, A), and
;; `i32x4.dot_i16x8_s` with Q15 coefficients gives each pixel's weighted sum exactly in an i32 lane.
;; Coefficients (× 32768, rounded; each row of chroma sums to 0, luma to 219/255):
;;   Y  =  0.182586 R + 0.614231 G + 0.062007 B + 16     →  5983,  20127,  2032
;;   Cb = -0.100644 R - 0.338572 G + 0.439216 B + 128    → -3298, -11094, 14392
;;   Cr =  0.439216 R - 0.398942 G - 0.040274 B + 128    → 14392, -13073, -1319
;; Blocks of 16 × 2 pixels; the last block of a row starts at width − 16 (recomputing a few pixels)
;; so nothing is written past a row. Needs an even width ≥ 16 and an even height.
;;
;; rgbaToI420(src, w, h, dy, du, dv) converts h rows of w pixels at `src` into the planes at `dy`
;; (w · h bytes), `du` and `dv` (w/2 · h/2 bytes each), so a frame can be converted a strip of rows
;; at a time into its place in a whole frame. The memory is imported and shared: the pipeline's
;; thread writes the converted frames to ffmpeg straight from it (`yuv.ts`).
(module
  (import "env" "memory" (memory 1 65536 shared))
  (func (export "rgbaToI420")
    (param $src i32) (param $w i32) (param $h i32) (param $dy i32) (param $du i32) (param $dv i32)
    (local $y i32) (local $x i32) (local $xx i32)
    (local $p0 i32) (local $p1 i32) (local $yo i32) (local $uo i32)
    (local $a0 v128) (local $xa0 v128) (local $ga0 v128)
    (local $a1 v128) (local $xa1 v128) (local $ga1 v128)
    (local $a2 v128) (local $xa2 v128) (local $ga2 v128)
    (local $a3 v128) (local $xa3 v128) (local $ga3 v128)
    (local $c0 v128) (local $xc0 v128) (local $gc0 v128)
    (local $c1 v128) (local $xc1 v128) (local $gc1 v128)
    (local $c2 v128) (local $xc2 v128) (local $gc2 v128)
    (local $c3 v128) (local $xc3 v128) (local $gc3 v128)
    (local $xs0 v128) (local $gs0 v128) (local $u0 v128) (local $v0 v128)
    (local $xs1 v128) (local $gs1 v128) (local $u1 v128) (local $v1 v128)
    (local $xs2 v128) (local $gs2 v128) (local $u2 v128) (local $v2 v128)
    (local $xs3 v128) (local $gs3 v128) (local $u3 v128) (local $v3 v128)
    (local $t0 v128)
    (local.set $y (i32.const 0))
    (block $rows_done
      (loop $rows
        (br_if $rows_done (i32.ge_u (local.get $y) (local.get $h)))
        (local.set $x (i32.const 0))
        (block $cols_done
          (loop $cols
            (br_if $cols_done (i32.ge_u (local.get $x) (local.get $w)))
            ;; xx = min(x, w - 16)
            (local.set $xx
              (select (local.get $x) (i32.sub (local.get $w) (i32.const 16))
                (i32.le_u (local.get $x) (i32.sub (local.get $w) (i32.const 16)))))
            (local.set $p0
              (i32.add (local.get $src)
                (i32.shl (i32.add (i32.mul (local.get $y) (local.get $w)) (local.get $xx)) (i32.const 2))))
            (local.set $p1 (i32.add (local.get $p0) (i32.shl (local.get $w) (i32.const 2))))
            (local.set $a0 (v128.load offset=0 (local.get $p0)))
            (local.set $xa0 (v128.and (local.get $a0) (v128.const i16x8 255 255 255 255 255 255 255 255)))
            (local.set $ga0 (i16x8.shr_u (local.get $a0) (i32.const 8)))
            (local.set $a1 (v128.load offset=16 (local.get $p0)))
            (local.set $xa1 (v128.and (local.get $a1) (v128.const i16x8 255 255 255 255 255 255 255 255)))
            (local.set $ga1 (i16x8.shr_u (local.get $a1) (i32.const 8)))
            (local.set $a2 (v128.load offset=32 (local.get $p0)))
            (local.set $xa2 (v128.and (local.get $a2) (v128.const i16x8 255 255 255 255 255 255 255 255)))
            (local.set $ga2 (i16x8.shr_u (local.get $a2) (i32.const 8)))
            (local.set $a3 (v128.load offset=48 (local.get $p0)))
            (local.set $xa3 (v128.and (local.get $a3) (v128.const i16x8 255 255 255 255 255 255 255 255)))
            (local.set $ga3 (i16x8.shr_u (local.get $a3) (i32.const 8)))
            (local.set $c0 (v128.load offset=0 (local.get $p1)))
            (local.set $xc0 (v128.and (local.get $c0) (v128.const i16x8 255 255 255 255 255 255 255 255)))
            (local.set $gc0 (i16x8.shr_u (local.get $c0) (i32.const 8)))
            (local.set $c1 (v128.load offset=16 (local.get $p1)))
            (local.set $xc1 (v128.and (local.get $c1) (v128.const i16x8 255 255 255 255 255 255 255 255)))
            (local.set $gc1 (i16x8.shr_u (local.get $c1) (i32.const 8)))
            (local.set $c2 (v128.load offset=32 (local.get $p1)))
            (local.set $xc2 (v128.and (local.get $c2) (v128.const i16x8 255 255 255 255 255 255 255 255)))
            (local.set $gc2 (i16x8.shr_u (local.get $c2) (i32.const 8)))
            (local.set $c3 (v128.load offset=48 (local.get $p1)))
            (local.set $xc3 (v128.and (local.get $c3) (v128.const i16x8 255 255 255 255 255 255 255 255)))
            (local.set $gc3 (i16x8.shr_u (local.get $c3) (i32.const 8)))
            (local.set $yo (i32.add (local.get $dy) (i32.add (i32.mul (local.get $y) (local.get $w)) (local.get $xx))))
            ;; luma, row 0: (16 + Y) · 2^15 + 2^14, shifted back
            (v128.store (local.get $yo)
              (i8x16.narrow_i16x8_u
                (i16x8.narrow_i32x4_s (i32x4.shr_s (i32x4.add (i32x4.add (i32x4.dot_i16x8_s (local.get $xa0) (v128.const i16x8 5983 2032 5983 2032 5983 2032 5983 2032)) (i32x4.dot_i16x8_s (local.get $ga0) (v128.const i16x8 20127 0 20127 0 20127 0 20127 0))) (v128.const i32x4 540672 540672 540672 540672)) (i32.const 15))
                  (i32x4.shr_s (i32x4.add (i32x4.add (i32x4.dot_i16x8_s (local.get $xa1) (v128.const i16x8 5983 2032 5983 2032 5983 2032 5983 2032)) (i32x4.dot_i16x8_s (local.get $ga1) (v128.const i16x8 20127 0 20127 0 20127 0 20127 0))) (v128.const i32x4 540672 540672 540672 540672)) (i32.const 15)))
                (i16x8.narrow_i32x4_s (i32x4.shr_s (i32x4.add (i32x4.add (i32x4.dot_i16x8_s (local.get $xa2) (v128.const i16x8 5983 2032 5983 2032 5983 2032 5983 2032)) (i32x4.dot_i16x8_s (local.get $ga2) (v128.const i16x8 20127 0 20127 0 20127 0 20127 0))) (v128.const i32x4 540672 540672 540672 540672)) (i32.const 15))
                  (i32x4.shr_s (i32x4.add (i32x4.add (i32x4.dot_i16x8_s (local.get $xa3) (v128.const i16x8 5983 2032 5983 2032 5983 2032 5983 2032)) (i32x4.dot_i16x8_s (local.get $ga3) (v128.const i16x8 20127 0 20127 0 20127 0 20127 0))) (v128.const i32x4 540672 540672 540672 540672)) (i32.const 15)))))
            ;; luma, row 1: (16 + Y) · 2^15 + 2^14, shifted back
            (v128.store (i32.add (local.get $yo) (local.get $w))
              (i8x16.narrow_i16x8_u
                (i16x8.narrow_i32x4_s (i32x4.shr_s (i32x4.add (i32x4.add (i32x4.dot_i16x8_s (local.get $xc0) (v128.const i16x8 5983 2032 5983 2032 5983 2032 5983 2032)) (i32x4.dot_i16x8_s (local.get $gc0) (v128.const i16x8 20127 0 20127 0 20127 0 20127 0))) (v128.const i32x4 540672 540672 540672 540672)) (i32.const 15))
                  (i32x4.shr_s (i32x4.add (i32x4.add (i32x4.dot_i16x8_s (local.get $xc1) (v128.const i16x8 5983 2032 5983 2032 5983 2032 5983 2032)) (i32x4.dot_i16x8_s (local.get $gc1) (v128.const i16x8 20127 0 20127 0 20127 0 20127 0))) (v128.const i32x4 540672 540672 540672 540672)) (i32.const 15)))
                (i16x8.narrow_i32x4_s (i32x4.shr_s (i32x4.add (i32x4.add (i32x4.dot_i16x8_s (local.get $xc2) (v128.const i16x8 5983 2032 5983 2032 5983 2032 5983 2032)) (i32x4.dot_i16x8_s (local.get $gc2) (v128.const i16x8 20127 0 20127 0 20127 0 20127 0))) (v128.const i32x4 540672 540672 540672 540672)) (i32.const 15))
                  (i32x4.shr_s (i32x4.add (i32x4.add (i32x4.dot_i16x8_s (local.get $xc3) (v128.const i16x8 5983 2032 5983 2032 5983 2032 5983 2032)) (i32x4.dot_i16x8_s (local.get $gc3) (v128.const i16x8 20127 0 20127 0 20127 0 20127 0))) (v128.const i32x4 540672 540672 540672 540672)) (i32.const 15)))))
            ;; 2-row sums of (R, B) and (G, A)
            (local.set $xs0 (i16x8.add (local.get $xa0) (local.get $xc0)))
            (local.set $gs0 (i16x8.add (local.get $ga0) (local.get $gc0)))
            (local.set $xs1 (i16x8.add (local.get $xa1) (local.get $xc1)))
            (local.set $gs1 (i16x8.add (local.get $ga1) (local.get $gc1)))
            (local.set $xs2 (i16x8.add (local.get $xa2) (local.get $xc2)))
            (local.set $gs2 (i16x8.add (local.get $ga2) (local.get $gc2)))
            (local.set $xs3 (i16x8.add (local.get $xa3) (local.get $xc3)))
            (local.set $gs3 (i16x8.add (local.get $ga3) (local.get $gc3)))
            (local.set $u0 (i32x4.add (i32x4.dot_i16x8_s (local.get $xs0) (v128.const i16x8 -3298 14392 -3298 14392 -3298 14392 -3298 14392)) (i32x4.dot_i16x8_s (local.get $gs0) (v128.const i16x8 -11094 0 -11094 0 -11094 0 -11094 0))))
            (local.set $v0 (i32x4.add (i32x4.dot_i16x8_s (local.get $xs0) (v128.const i16x8 14392 -1319 14392 -1319 14392 -1319 14392 -1319)) (i32x4.dot_i16x8_s (local.get $gs0) (v128.const i16x8 -13073 0 -13073 0 -13073 0 -13073 0))))
            (local.set $u1 (i32x4.add (i32x4.dot_i16x8_s (local.get $xs1) (v128.const i16x8 -3298 14392 -3298 14392 -3298 14392 -3298 14392)) (i32x4.dot_i16x8_s (local.get $gs1) (v128.const i16x8 -11094 0 -11094 0 -11094 0 -11094 0))))
            (local.set $v1 (i32x4.add (i32x4.dot_i16x8_s (local.get $xs1) (v128.const i16x8 14392 -1319 14392 -1319 14392 -1319 14392 -1319)) (i32x4.dot_i16x8_s (local.get $gs1) (v128.const i16x8 -13073 0 -13073 0 -13073 0 -13073 0))))
            (local.set $u2 (i32x4.add (i32x4.dot_i16x8_s (local.get $xs2) (v128.const i16x8 -3298 14392 -3298 14392 -3298 14392 -3298 14392)) (i32x4.dot_i16x8_s (local.get $gs2) (v128.const i16x8 -11094 0 -11094 0 -11094 0 -11094 0))))
            (local.set $v2 (i32x4.add (i32x4.dot_i16x8_s (local.get $xs2) (v128.const i16x8 14392 -1319 14392 -1319 14392 -1319 14392 -1319)) (i32x4.dot_i16x8_s (local.get $gs2) (v128.const i16x8 -13073 0 -13073 0 -13073 0 -13073 0))))
            (local.set $u3 (i32x4.add (i32x4.dot_i16x8_s (local.get $xs3) (v128.const i16x8 -3298 14392 -3298 14392 -3298 14392 -3298 14392)) (i32x4.dot_i16x8_s (local.get $gs3) (v128.const i16x8 -11094 0 -11094 0 -11094 0 -11094 0))))
            (local.set $v3 (i32x4.add (i32x4.dot_i16x8_s (local.get $xs3) (v128.const i16x8 14392 -1319 14392 -1319 14392 -1319 14392 -1319)) (i32x4.dot_i16x8_s (local.get $gs3) (v128.const i16x8 -13073 0 -13073 0 -13073 0 -13073 0))))
            ;; chroma: column sums paired into 2×2 sums, (128 + C) · 2^17 + 2^16, shifted back
            (local.set $uo
              (i32.add
                (local.get $du)
                (i32.add
                  (i32.mul (i32.shr_u (local.get $y) (i32.const 1)) (i32.shr_u (local.get $w) (i32.const 1)))
                  (i32.shr_u (local.get $xx) (i32.const 1)))))
            (local.set $t0 (i16x8.narrow_i32x4_s (i32x4.shr_s (i32x4.add (i32x4.add (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (local.get $u0) (local.get $u1)) (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31 (local.get $u0) (local.get $u1))) (v128.const i32x4 16842752 16842752 16842752 16842752)) (i32.const 17))
              (i32x4.shr_s (i32x4.add (i32x4.add (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (local.get $u2) (local.get $u3)) (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31 (local.get $u2) (local.get $u3))) (v128.const i32x4 16842752 16842752 16842752 16842752)) (i32.const 17))))
            (v128.store64_lane 0 (local.get $uo) (i8x16.narrow_i16x8_u (local.get $t0) (local.get $t0)))
            (local.set $t0 (i16x8.narrow_i32x4_s (i32x4.shr_s (i32x4.add (i32x4.add (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (local.get $v0) (local.get $v1)) (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31 (local.get $v0) (local.get $v1))) (v128.const i32x4 16842752 16842752 16842752 16842752)) (i32.const 17))
              (i32x4.shr_s (i32x4.add (i32x4.add (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (local.get $v2) (local.get $v3)) (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31 (local.get $v2) (local.get $v3))) (v128.const i32x4 16842752 16842752 16842752 16842752)) (i32.const 17))))
            (v128.store64_lane 0 (i32.add (local.get $dv) (i32.sub (local.get $uo) (local.get $du))) (i8x16.narrow_i16x8_u (local.get $t0) (local.get $t0)))
            (local.set $x (i32.add (local.get $x) (i32.const 16)))
            (br $cols)))
        (local.set $y (i32.add (local.get $y) (i32.const 2)))
        (br $rows)))))
