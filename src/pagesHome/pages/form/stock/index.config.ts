import { featurePageConfig } from '../../../../features/pageConfig'

export default definePageConfig(featurePageConfig('stockLevels'))
