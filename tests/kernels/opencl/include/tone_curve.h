// Tone-mapping helpers whose bodies live in a separately compiled program
// (clLinkProgram): only the prototypes are visible here.
#ifndef TONE_CURVE_H
#define TONE_CURVE_H

float tone_curve(float luminance, float exposure);
void accumulate_histogram(__global uint *bins, float luminance);

#endif
