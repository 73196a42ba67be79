import { featurePageConfig } from '../../../../features/pageConfig'

export default definePageConfig(featurePageConfig('inbound'))
