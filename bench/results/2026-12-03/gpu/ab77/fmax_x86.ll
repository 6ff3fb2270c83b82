; arith.maximumf (llvm.maximum, @f) against NumPy's select (@g) on x86 (README.txt).
define <4 x double> @f(<4 x double> %a, <4 x double> %b) {
  %r = call <4 x double> @llvm.maximum.v4f64(<4 x double> %a, <4 x double> %b)
  ret <4 x double> %r
}
define <4 x double> @g(<4 x double> %a, <4 x double> %b) {
  %c1 = fcmp ogt <4 x double> %a, %b
  %c2 = fcmp uno <4 x double> %a, %a
  %c = or <4 x i1> %c1, %c2
  %r = select <4 x i1> %c, <4 x double> %a, <4 x double> %b
  ret <4 x double> %r
}
declare <4 x double> @llvm.maximum.v4f64(<4 x double>, <4 x double>)
