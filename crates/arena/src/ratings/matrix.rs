//! The one piece of linear algebra the fit needs: a Cholesky factorisation
//! of a small symmetric positive-definite matrix (the Fisher information),
//! to solve for Newton's step and to invert it for the covariances.

/// `L` with `A = L·Lᵀ`, lower triangular, of a symmetric positive-definite `A`.
pub(super) struct Cholesky {
    lower: Vec<Vec<f64>>,
}

impl Cholesky {
    /// Factorises `a` (square, symmetric; only its lower half is read);
    /// `None` when it is not positive definite.
    pub(super) fn new(a: &[Vec<f64>]) -> Option<Cholesky> {
        let n = a.len();
        let mut lower = vec![vec![0.0; n]; n];
        for i in 0..n {
            for j in 0..=i {
                let dot: f64 = (0..j).map(|k| lower[i][k] * lower[j][k]).sum();
                let rest = a[i][j] - dot;
                if i == j {
                    if rest.is_nan() || rest <= 0.0 {
                        return None;
                    }
                    lower[i][i] = rest.sqrt();
                } else {
                    lower[i][j] = rest / lower[j][j];
                }
            }
        }
        Some(Cholesky { lower })
    }

    /// `x` with `A·x = b`.
    pub(super) fn solve(&self, b: &[f64]) -> Vec<f64> {
        let l = &self.lower;
        let n = l.len();
        // L·y = b, then Lᵀ·x = y.
        let mut y = vec![0.0; n];
        for i in 0..n {
            let dot: f64 = (0..i).map(|k| l[i][k] * y[k]).sum();
            y[i] = (b[i] - dot) / l[i][i];
        }
        let mut x = vec![0.0; n];
        for i in (0..n).rev() {
            let dot: f64 = (i + 1..n).map(|k| l[k][i] * x[k]).sum();
            x[i] = (y[i] - dot) / l[i][i];
        }
        x
    }

    /// `A⁻¹`, column by column.
    pub(super) fn inverse(&self) -> Vec<Vec<f64>> {
        let n = self.lower.len();
        let mut inverse = vec![vec![0.0; n]; n];
        for j in 0..n {
            let mut unit = vec![0.0; n];
            unit[j] = 1.0;
            for (i, value) in self.solve(&unit).into_iter().enumerate() {
                inverse[i][j] = value;
            }
        }
        inverse
    }
}

#[cfg(test)]
mod tests {
    use super::Cholesky;

    #[test]
    fn solves_and_inverts_a_positive_definite_matrix() {
        let a = vec![
            vec![4.0, 2.0, 0.4],
            vec![2.0, 5.0, 1.0],
            vec![0.4, 1.0, 3.0],
        ];
        let chol = Cholesky::new(&a).expect("positive definite");
        let x = chol.solve(&[1.0, 2.0, 3.0]);
        for (row, want) in a.iter().zip([1.0, 2.0, 3.0]) {
            let got: f64 = row.iter().zip(&x).map(|(r, x)| r * x).sum();
            assert!((got - want).abs() < 1e-12, "{got} vs {want}");
        }
        let inverse = chol.inverse();
        for (i, row) in a.iter().enumerate() {
            for j in 0..3 {
                let got: f64 = row.iter().zip(&inverse).map(|(x, inv)| x * inv[j]).sum();
                let want = if i == j { 1.0 } else { 0.0 };
                assert!((got - want).abs() < 1e-12, "({i},{j}): {got}");
            }
        }
    }

    #[test]
    fn refuses_a_matrix_that_is_not_positive_definite() {
        assert!(Cholesky::new(&[vec![1.0, 2.0], vec![2.0, 1.0]]).is_none());
        assert!(Cholesky::new(&[vec![0.0]]).is_none());
    }
}
